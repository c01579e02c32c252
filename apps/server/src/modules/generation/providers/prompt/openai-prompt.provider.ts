import OpenAI from 'openai';
import { type PromptProvider, ProviderError, promptInstruction } from '../ports';
import { type RetryPolicy, retryingFetch } from '../vendor-retry';

export interface OpenAiPromptOptions {
  apiKey: string;
  baseURL: string;
  model: string;
  timeoutMs: number;
  retry: RetryPolicy;
  /** OpenRouter ranks apps by these headers; sent only when the base URL is OpenRouter. */
  referer?: string;
  title: string;
  /** A fetch to send requests through (a proxy, or a test double of the network). */
  fetch?: typeof fetch;
}

/** Chat completions on any OpenAI-compatible API (OpenAI, OpenRouter, Ollama, vLLM, llama.cpp). */
export class OpenAiPromptProvider implements PromptProvider {
  readonly name = 'openai';
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiPromptOptions) {
    const openRouter = new URL(options.baseURL).hostname.endsWith('openrouter.ai');
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      // Our policy retries, inside the client's fetch: the client's own would add a second one.
      maxRetries: 0,
      fetch: retryingFetch(options.retry, 'OpenAI-compatible chat API', options.fetch),
      defaultHeaders: openRouter
        ? { ...(options.referer ? { 'HTTP-Referer': options.referer } : {}), 'X-Title': options.title }
        : {},
    });
  }

  async improve(appearance: string, signal: AbortSignal): Promise<string> {
    const completion = await this.client.chat.completions.create(
      { model: this.options.model, messages: [{ role: 'user', content: promptInstruction(appearance) }] },
      { signal },
    );
    const content = completion.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      throw new ProviderError('The language model answered no message content');
    }
    return content.trim();
  }
}

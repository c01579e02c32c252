import {
  type ChatChunk,
  type ChatProvider,
  ChatProviderError,
  type ChatRequest,
  type Sleep,
} from './chat-provider.port';
import { ToolCalls, errorMessageOf, readCompletion, readStreamEvent, type StreamPart } from './openai-stream';
import { RETRY, backoffMs, isRetryableStatus, retryAfterMs } from './retry-policy';
import { sseEvents } from './sse-parser';

export interface OpenAiChatOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** A request is given up when the server sends nothing (not even a comment) for this long. */
  idleTimeoutMs: number;
  /** OpenRouter ranks apps by these headers; sent only when the base URL is OpenRouter. */
  referer?: string;
  title: string;
  sleep: Sleep;
  random: () => number;
  now: () => number;
}

/** A failure worth another try, as long as no reply text has been shown yet. */
class RetryableError extends ChatProviderError {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A 400 that names the tools: the server or its model takes no `tools`, asked again without them. */
class ToolsRefusedError extends ChatProviderError {}

/**
 * Streamed chat completions from any OpenAI-compatible API: OpenAI, OpenRouter, Ollama (`/v1`),
 * llama.cpp's server, vLLM. Spoken with fetch rather than a vendor SDK, so every quirk of their
 * streams is handled here, where the tests can reach it.
 */
export class OpenAiChatProvider implements ChatProvider {
  readonly name = 'openai';
  readonly model: string;
  private readonly headers: Record<string, string>;

  constructor(private readonly options: OpenAiChatOptions) {
    this.model = options.model;
    const openRouter = new URL(options.baseUrl).hostname.endsWith('openrouter.ai');
    this.headers = {
      'content-type': 'application/json',
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      ...(openRouter && options.referer ? { 'HTTP-Referer': options.referer } : {}),
      ...(openRouter ? { 'X-Title': options.title } : {}),
    };
  }

  async *stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatChunk> {
    try {
      yield* this.retrying(request, signal);
    } catch (error) {
      // Refused before any answer: nothing was shown yet, so the reply starts over without tools.
      if (!(error instanceof ToolsRefusedError)) throw error;
      yield* this.retrying({ ...request, tools: undefined }, signal);
    }
  }

  private async *retrying(request: ChatRequest, signal: AbortSignal): AsyncGenerator<ChatChunk> {
    const started = this.options.now();
    let waited = 0;
    for (let attempt = 1; ; attempt += 1) {
      let shown = false;
      try {
        for await (const chunk of this.attempt(request, signal)) {
          shown ||= chunk.type === 'text';
          yield chunk;
        }
        return;
      } catch (error) {
        signal.throwIfAborted();
        if (!(error instanceof RetryableError) || shown || attempt >= RETRY.attempts) throw error;
        const delay = backoffMs(attempt - 1, this.options.random, error.retryAfterMs);
        // Bounded by the time already spent too: an attempt that timed out has used up the budget.
        const spent = Math.max(waited, this.options.now() - started);
        if (spent + delay > RETRY.budgetMs) throw error;
        waited += delay;
        await this.options.sleep(delay, signal);
      }
    }
  }

  /** One request and its stream. The idle timer restarts on every byte that arrives. */
  private async *attempt(request: ChatRequest, signal: AbortSignal): AsyncGenerator<ChatChunk> {
    const idle = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const restartIdle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(), this.options.idleTimeoutMs);
    };
    const both = AbortSignal.any([signal, idle.signal]);
    const failed = (what: string, error: unknown): never => {
      signal.throwIfAborted();
      if (idle.signal.aborted) {
        throw new RetryableError(`The chat API sent nothing for ${this.options.idleTimeoutMs} ms ${what}`);
      }
      if (error instanceof ChatProviderError) throw error;
      throw new RetryableError(`The chat API connection failed ${what}`, undefined, { cause: error });
    };
    restartIdle();
    const streamed = request.stream !== false;
    try {
      let response: Response;
      try {
        response = await fetch(`${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST',
          headers: { ...this.headers, accept: streamed ? 'text/event-stream' : 'application/json' },
          body: JSON.stringify({
            model: this.model,
            messages: request.messages,
            max_tokens: request.maxTokens,
            stream: streamed,
            ...(streamed ? { stream_options: { include_usage: true } } : {}),
            ...(request.tools?.length
              ? { tools: request.tools.map((tool) => ({ type: 'function', function: tool })) }
              : {}),
          }),
          signal: both,
        });
      } catch (error) {
        return failed('before it answered', error);
      }
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        const message = `The chat API answered ${response.status}: ${errorMessageOf(body)}`;
        if (response.status === 400 && request.tools?.length && /tool/i.test(body)) {
          throw new ToolsRefusedError(message);
        }
        if (isRetryableStatus(response.status)) {
          throw new RetryableError(message, retryAfterMs(response.headers, this.options.now()));
        }
        throw new ChatProviderError(message);
      }
      let parts: AsyncIterable<StreamPart>;
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        const text = await response.text().catch((error: unknown) => failed('while answering', error));
        parts = toAsync(readCompletion(safeJson(text)));
      } else {
        parts = this.parts(response.body, restartIdle);
      }
      yield* this.chunks(parts, (error) => failed('in the middle of the reply', error));
    } finally {
      clearTimeout(timer);
    }
  }

  private async *parts(body: Response['body'], onBytes: () => void): AsyncGenerator<StreamPart> {
    if (!body) return;
    async function* bytes() {
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        onBytes();
        yield chunk;
      }
    }
    for await (const event of sseEvents(bytes())) yield readStreamEvent(event);
  }

  /** Chunks out of the stream's parts; the usage goes last, once the reply has ended. */
  private async *chunks(
    parts: AsyncIterable<StreamPart>,
    failed: (error: unknown) => never,
  ): AsyncGenerator<ChatChunk> {
    let usage: StreamPart['usage'];
    const calls = new ToolCalls();
    let text = false;
    let done = false;
    try {
      for await (const part of parts) {
        if (part.error !== undefined)
          throw new ChatProviderError(`The chat API failed mid-stream: ${part.error}`);
        if (part.text) {
          text = true;
          yield { type: 'text', text: part.text };
        }
        calls.add(part.toolCalls);
        usage = part.usage ?? usage;
        if (part.done) {
          done = true;
          break;
        }
      }
    } catch (error) {
      failed(error);
    }
    // Ending without [DONE] is how many servers end; without any text, though, it is a dropped line.
    // A function call is an answer too, with or without words around it.
    if (!text && calls.size === 0 && !done) {
      throw new RetryableError('The chat API stream ended before any reply text');
    }
    if (!text && calls.size === 0) throw new ChatProviderError('The chat API sent no reply text');
    yield* calls.chunks();
    if (usage) yield usage;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function* toAsync<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

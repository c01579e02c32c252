import OpenAI, { toFile } from 'openai';
import {
  type ImageOutput,
  type ImageProvider,
  ProviderError,
  type SubjectImage,
  decodeBase64Image,
} from '../ports';
import { type RetryPolicy, retryingFetch } from '../vendor-retry';

export interface OpenAiImageOptions {
  apiKey: string;
  baseURL: string;
  model: string;
  size: string;
  timeoutMs: number;
  retry: RetryPolicy;
}

type ImagesAnswer = { data?: Array<{ b64_json?: string | null; url?: string | null }> | null };

function outputsOf(answer: ImagesAnswer, count: number, model: string): ImageOutput[] {
  const items = answer.data ?? [];
  if (items.length === 0) throw new ProviderError('The images API answered no data');
  return items.slice(0, count).map((item): ImageOutput => {
    const details = { model };
    if (item.b64_json) {
      return { kind: 'bytes', data: decodeBase64Image(item.b64_json, 'The images API'), details };
    }
    if (item.url) return { kind: 'url', url: item.url, details };
    throw new ProviderError('The images API answered an item with neither b64_json nor url');
  });
}

/** OpenAI images API (generations for text, edits for variations of a subject). */
export class OpenAiImageProvider implements ImageProvider {
  readonly name = 'openai';
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiImageOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      // Our policy retries, inside the client's fetch: the client's own would add a second one.
      maxRetries: 0,
      fetch: retryingFetch(options.retry, 'OpenAI-compatible images API'),
    });
  }

  async generate(prompt: string, signal: AbortSignal) {
    const answer = await this.client.images.generate(
      { model: this.options.model, prompt, n: 1, size: this.options.size as '1024x1024' },
      { signal },
    );
    return outputsOf(answer, 1, this.options.model);
  }

  async generateCharacter(prompt: string, subject: SubjectImage, outputs: number, signal: AbortSignal) {
    const { data, mimeType } = await subject.bytes();
    const image = await toFile(data, `subject.${mimeType.split('/')[1] ?? 'png'}`, { type: mimeType });
    const answer = await this.client.images.edit(
      { model: this.options.model, image, prompt, n: outputs, size: this.options.size as '1024x1024' },
      { signal },
    );
    return outputsOf(answer, outputs, this.options.model);
  }
}

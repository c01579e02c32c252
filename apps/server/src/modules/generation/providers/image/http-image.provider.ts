import { IMAGE_OUTPUTS, STYLE_PRESETS } from '@baegen/shared/contract';
import { type ImageOutput, type ImageProvider, ProviderError, type SubjectImage, jsonOrFail } from '../ports';
import { type RetryPolicy, retryingFetch } from '../vendor-retry';

function urlsOf(body: unknown): ImageOutput[] {
  if (
    !Array.isArray(body) ||
    body.length === 0 ||
    !body.every((url) => typeof url === 'string' && /^https?:\/\//.test(url))
  ) {
    throw new ProviderError('The image service did not answer an array of image URLs');
  }
  return body.map((url: string) => ({ kind: 'url', url }));
}

/**
 * The seed's own image service: `POST {base}/generate/image {prompt}` and
 * `POST {base}/generate/character {prompt, subject, number_of_outputs}`, both answering a JSON
 * array of image URLs. A subject without a public URL is sent as a data: URI.
 */
export class HttpImageProvider implements ImageProvider {
  readonly name = 'http';
  /**
   * The service's contract takes a prompt (one picture) or a prompt, a subject and a count: no
   * size and no negative prompt. Style presets are prompt words.
   */
  readonly capabilities = {
    image: {
      outputs: { min: 1, max: 1 },
      aspectRatios: [],
      negativePrompt: false,
      stylePresets: [...STYLE_PRESETS],
    },
    character: {
      outputs: { min: 1, max: IMAGE_OUTPUTS },
      aspectRatios: [],
      negativePrompt: false,
      stylePresets: [...STYLE_PRESETS],
    },
  };

  private readonly send: typeof fetch;

  constructor(
    private readonly baseUrl: string,
    retry: RetryPolicy,
  ) {
    this.send = retryingFetch(retry, 'http image service');
  }

  private async post(path: string, body: unknown, signal: AbortSignal) {
    const response = await this.send(new URL(path, this.baseUrl.replace(/\/?$/, '/')), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    return jsonOrFail(response, 'The image service');
  }

  async generate(prompt: string, signal: AbortSignal): Promise<ImageOutput[]> {
    // docs/product.md §7.2: the first URL of the answer is the image.
    return urlsOf(await this.post('generate/image', { prompt }, signal)).slice(0, 1);
  }

  async generateCharacter(prompt: string, subject: SubjectImage, outputs: number, signal: AbortSignal) {
    const body = {
      prompt,
      subject: subject.publicUrl ?? (await subject.dataUri()),
      number_of_outputs: outputs,
    };
    return urlsOf(await this.post('generate/character', body, signal)).slice(0, outputs);
  }
}

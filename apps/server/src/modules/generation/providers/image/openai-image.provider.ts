import OpenAI, { toFile } from 'openai';
import {
  ASPECT_RATIOS,
  type AspectRatio,
  IMAGE_OUTPUTS,
  type ImageCapabilities,
  STYLE_PRESETS,
} from '@baegen/shared/contract';
import {
  type ImageOutput,
  type ImageRunOptions,
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

type Size = '1024x1024';

/** The sizes of each aspect ratio per model family, as the images API documents them. */
const SIZES: Record<'gpt-image' | 'dall-e-3', Record<AspectRatio, string>> = {
  'gpt-image': { portrait: '1024x1536', square: '1024x1024', landscape: '1536x1024' },
  'dall-e-3': { portrait: '1024x1792', square: '1024x1024', landscape: '1792x1024' },
};

function familyOf(model: string): keyof typeof SIZES | null {
  if (model.startsWith('gpt-image')) return 'gpt-image';
  return model === 'dall-e-3' ? 'dall-e-3' : null;
}

/**
 * What the images API takes, per its reference: no negative prompt on any model; dall-e-3 makes one
 * image per call; dall-e-2 (and a model we do not know) one fixed size. Edits (variations) take `n`
 * and the gpt-image sizes only. Style presets are prompt words: any model.
 */
export function openAiCapabilities(model: string) {
  const family = familyOf(model);
  const caps = (max: number, shaped: boolean): ImageCapabilities => ({
    outputs: { min: 1, max },
    aspectRatios: shaped ? [...ASPECT_RATIOS] : [],
    negativePrompt: false,
    stylePresets: [...STYLE_PRESETS],
  });
  return {
    image: caps(family === 'dall-e-3' ? 1 : IMAGE_OUTPUTS, family !== null),
    character: caps(IMAGE_OUTPUTS, family === 'gpt-image'),
  };
}

/** OpenAI images API (generations for text, edits for variations of a subject). */
export class OpenAiImageProvider implements ImageProvider {
  readonly name = 'openai';
  readonly capabilities;
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
    this.capabilities = openAiCapabilities(options.model);
  }

  /** OPENAI_IMAGE_SIZE unless an aspect ratio was asked for (the API checked the model takes it). */
  private size(aspectRatio: AspectRatio | undefined): Size {
    const family = familyOf(this.options.model);
    return (aspectRatio && family ? SIZES[family][aspectRatio] : this.options.size) as Size;
  }

  async generate(prompt: string, signal: AbortSignal, request: ImageRunOptions & { outputs?: number } = {}) {
    const n = request.outputs ?? 1;
    const answer = await this.client.images.generate(
      { model: this.options.model, prompt, n, size: this.size(request.aspectRatio) },
      { signal },
    );
    return outputsOf(answer, n, this.options.model);
  }

  async generateCharacter(
    prompt: string,
    subject: SubjectImage,
    outputs: number,
    signal: AbortSignal,
    { aspectRatio }: ImageRunOptions = {},
  ) {
    const { data, mimeType } = await subject.bytes();
    const image = await toFile(data, `subject.${mimeType.split('/')[1] ?? 'png'}`, { type: mimeType });
    const answer = await this.client.images.edit(
      { model: this.options.model, image, prompt, n: outputs, size: this.size(aspectRatio) },
      { signal },
    );
    return outputsOf(answer, outputs, this.options.model);
  }
}

import { ALL_GENERATION_CAPABILITIES, sizeFor } from './image-shape';
import {
  type ImageOutput,
  type ImageRunOptions,
  type ImageProvider,
  type OutputDetails,
  ProviderError,
  type SubjectImage,
  decodeBase64Image,
  jsonOrFail,
} from '../ports';
import { type RetryPolicy, retryingFetch } from '../vendor-retry';

export interface A1111Options {
  baseUrl: string;
  steps: number;
  width: number;
  height: number;
  denoisingStrength: number;
  retry: RetryPolicy;
}

const NEGATIVE = 'nsfw, nudity, child, lowres, bad anatomy, extra fingers, watermark, text';

/**
 * The model and each image's seed from the WebUI's `info` (a JSON string); what is missing or
 * malformed is simply not reported, the images are still good.
 */
function detailsOf(info: unknown, count: number): OutputDetails[] {
  let parsed: { all_seeds?: unknown; seed?: unknown; sd_model_name?: unknown } = {};
  try {
    if (typeof info === 'string') parsed = (JSON.parse(info) as typeof parsed | null) ?? {};
  } catch {
    parsed = {};
  }
  const seeds = Array.isArray(parsed.all_seeds) ? parsed.all_seeds : [parsed.seed];
  const model = typeof parsed.sd_model_name === 'string' ? parsed.sd_model_name : undefined;
  return Array.from({ length: count }, (_, index) => {
    const seed = seeds[index];
    return { model, seed: Number.isSafeInteger(seed) ? (seed as number) : undefined };
  });
}

/** Stable Diffusion WebUI (AUTOMATIC1111) or Forge: `/sdapi/v1/txt2img` and `/sdapi/v1/img2img`. */
export class A1111ImageProvider implements ImageProvider {
  readonly name = 'a1111';
  /** txt2img and img2img take any size, a batch, and a negative prompt. */
  readonly capabilities = ALL_GENERATION_CAPABILITIES;

  private readonly send: typeof fetch;

  constructor(private readonly options: A1111Options) {
    this.send = retryingFetch(options.retry, 'Stable Diffusion WebUI');
  }

  private async call(
    path: string,
    body: Record<string, unknown>,
    count: number,
    signal: AbortSignal,
    { aspectRatio, negativePrompt }: ImageRunOptions,
  ) {
    // The configured size is the portrait; other shapes keep its longer side.
    const { width, height } = aspectRatio
      ? sizeFor(aspectRatio, Math.max(this.options.width, this.options.height))
      : this.options;
    const response = await this.send(new URL(path, this.options.baseUrl.replace(/\/?$/, '/')), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        negative_prompt: negativePrompt ? `${NEGATIVE}, ${negativePrompt}` : NEGATIVE,
        steps: this.options.steps,
        width,
        height,
        batch_size: count,
        n_iter: 1,
        ...body,
      }),
      signal,
    });
    const answer = (await jsonOrFail(response, 'Stable Diffusion WebUI')) as {
      images?: unknown;
      info?: unknown;
    };
    if (!Array.isArray(answer.images) || answer.images.length < count) {
      throw new ProviderError('Stable Diffusion WebUI answered no images array');
    }
    const details = detailsOf(answer.info, count);
    // With a batch the WebUI may put a grid first; the last `count` images are the outputs.
    return answer.images.slice(-count).map((image, index): ImageOutput => ({
      kind: 'bytes',
      data: decodeBase64Image(image, 'Stable Diffusion WebUI'),
      details: details[index],
    }));
  }

  generate(prompt: string, signal: AbortSignal, request: ImageRunOptions & { outputs?: number } = {}) {
    return this.call('sdapi/v1/txt2img', { prompt }, request.outputs ?? 1, signal, request);
  }

  async generateCharacter(
    prompt: string,
    subject: SubjectImage,
    outputs: number,
    signal: AbortSignal,
    options: ImageRunOptions = {},
  ) {
    const { data } = await subject.bytes();
    return this.call(
      'sdapi/v1/img2img',
      { prompt, init_images: [data.toString('base64')], denoising_strength: this.options.denoisingStrength },
      outputs,
      signal,
      options,
    );
  }
}

import {
  ASPECT_RATIOS,
  ASPECT_RATIO_VALUES,
  IMAGE_OUTPUTS,
  type ImageCapabilities,
  STYLE_PRESETS,
} from '@baegen/shared/contract';
import {
  type ImageJobRequest,
  type ImageOutput,
  type ImageProvider,
  type ProviderJobState,
  type ProviderJobs,
  ProviderError,
  type ImageRunOptions,
  type SubjectImage,
} from '../ports';
import { type Prediction, type ReplicateApiOptions, ReplicatePredictions } from '../replicate-predictions';
import { cancelSignal, imageReference } from '../vendor-http';
import { progressFromLogs } from '../video/video-progress';

const FLUX = /^black-forest-labs\/flux-/;
const CONSISTENT_CHARACTER = /^fofr\/consistent-character(:|$)/;

/**
 * What the configured models take, as their Replicate schemas declare them: FLUX models take
 * `num_outputs` (1-4) and `aspect_ratio` but no negative prompt; fofr/consistent-character takes
 * `number_of_outputs` and `negative_prompt` but has one output size. A model we do not know is
 * offered only what the adapter's own contract guarantees. Style presets are prompt words: any model.
 */
export function replicateCapabilities(imageModel: string, characterModel: string) {
  const plain = (max: number): ImageCapabilities => ({
    outputs: { min: 1, max },
    aspectRatios: [],
    negativePrompt: false,
    stylePresets: [...STYLE_PRESETS],
  });
  const image = FLUX.test(imageModel)
    ? { ...plain(IMAGE_OUTPUTS), aspectRatios: [...ASPECT_RATIOS] }
    : plain(1);
  const character = { ...plain(IMAGE_OUTPUTS), negativePrompt: CONSISTENT_CHARACTER.test(characterModel) };
  return { image, character };
}

export interface ReplicateOptions extends ReplicateApiOptions {
  /** Text-to-image model, `owner/name` or `owner/name:version`. */
  imageModel: string;
  /** Subject-consistent model taking {prompt, subject, number_of_outputs}. */
  characterModel: string;
  pollIntervalMs: number;
}

function outputsOf(output: unknown, model: string): ImageOutput[] {
  const list = Array.isArray(output) ? output : [output];
  const urls = list.filter(
    (item): item is string => typeof item === 'string' && /^(https?:|data:)/.test(item),
  );
  return urls.map((url) => ({ kind: 'url', url, details: { model } }));
}

function stateOf(prediction: Prediction, model: string): ProviderJobState<ImageOutput[]> {
  switch (prediction.status) {
    case 'starting':
      return { status: 'queued', queuePosition: null };
    case 'processing':
      return { status: 'running', ...progressFromLogs(prediction.logs ?? '') };
    case 'succeeded': {
      const output = outputsOf(prediction.output, model);
      return output.length > 0
        ? { status: 'succeeded', output }
        : { status: 'failed', reason: `The Replicate prediction ${prediction.id} produced no image URLs` };
    }
    case 'canceled':
      return { status: 'cancelled' };
    default:
      return {
        status: 'failed',
        reason: `The Replicate prediction ${prediction.id} ended as ${prediction.status}`,
      };
  }
}

/** The job id we keep: the model (for the outputs' provenance) and the prediction's id. */
const jobId = (model: string, predictionId: string) => `${model}@${predictionId}`;
function parseJobId(id: string): { model: string; predictionId: string } {
  const at = id.lastIndexOf('@');
  return { model: id.slice(0, at), predictionId: id.slice(at + 1) };
}

/**
 * Replicate predictions as durable jobs: `jobs.submit` creates the prediction and answers its id,
 * which any worker can poll or cancel later. `generate` runs the same job in one call, polling
 * every `pollIntervalMs`. Outputs are URLs that Replicate deletes after an hour, so the caller
 * copies them.
 */
export class ReplicateImageProvider implements ImageProvider {
  readonly name = 'replicate';
  private readonly predictions: ReplicatePredictions;
  readonly jobs: ProviderJobs<ImageJobRequest, ImageOutput[]>;
  readonly capabilities;

  constructor(private readonly options: ReplicateOptions) {
    this.predictions = new ReplicatePredictions(options);
    this.capabilities = replicateCapabilities(options.imageModel, options.characterModel);
    this.jobs = {
      submit: (request, signal) => this.submit(request, signal),
      status: async (id, signal) => {
        const { model, predictionId } = parseJobId(id);
        return stateOf(await this.predictions.get(predictionId, signal), model);
      },
      cancel: async (id) => {
        await this.predictions.cancel(parseJobId(id).predictionId, cancelSignal());
      },
    };
  }

  private async submit(request: ImageJobRequest, signal: AbortSignal): Promise<string> {
    const { subject, prompt, outputs, aspectRatio, negativePrompt } = request;
    const model = subject ? this.options.characterModel : this.options.imageModel;
    const input = subject
      ? {
          prompt,
          subject: await imageReference(subject),
          number_of_outputs: outputs,
          output_format: 'png',
          ...(negativePrompt ? { negative_prompt: negativePrompt } : {}),
        }
      : {
          prompt,
          num_outputs: outputs,
          output_format: 'png',
          ...(aspectRatio ? { aspect_ratio: ASPECT_RATIO_VALUES[aspectRatio] } : {}),
        };
    return jobId(model, (await this.predictions.create(model, input, signal)).id);
  }

  /** Submits and polls in one call; the caller gone or out of time cancels the prediction. */
  private async run(request: ImageJobRequest, signal: AbortSignal): Promise<ImageOutput[]> {
    const id = await this.submit(request, signal);
    try {
      for (;;) {
        const state = await this.jobs.status(id, signal);
        if (state.status === 'succeeded') return state.output.slice(0, request.outputs);
        if (state.status === 'failed') throw new ProviderError(state.reason);
        if (state.status === 'cancelled')
          throw new ProviderError(`The Replicate prediction ${id} was cancelled`);
        await this.options.retry.sleep(this.options.pollIntervalMs, signal);
      }
    } catch (error) {
      if (!signal.aborted) throw error;
      await this.jobs.cancel(id).catch(() => undefined);
      throw signal.reason;
    }
  }

  generate(prompt: string, signal: AbortSignal, request: ImageRunOptions & { outputs?: number } = {}) {
    const { aspectRatio, negativePrompt } = request;
    return this.run(
      { prompt, subject: null, outputs: request.outputs ?? 1, aspectRatio, negativePrompt },
      signal,
    );
  }

  generateCharacter(
    prompt: string,
    subject: SubjectImage,
    outputs: number,
    signal: AbortSignal,
    { aspectRatio, negativePrompt }: ImageRunOptions = {},
  ) {
    return this.run({ prompt, subject, outputs, aspectRatio, negativePrompt }, signal);
  }
}

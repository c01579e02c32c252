import { ProviderError, type SubjectImage, type VideoJobState, type VideoProvider } from '../ports';
import { type Prediction, type ReplicateApiOptions, ReplicatePredictions } from '../replicate-predictions';
import { cancelSignal, imageReference } from '../vendor-http';
import { progressFromLogs } from './video-progress';

export interface ReplicateVideoOptions extends ReplicateApiOptions {
  /** Image-to-video model taking {prompt, image}, `owner/name` or `owner/name:version`. */
  model: string;
}

function videoUrlOf(output: unknown): string | null {
  const first: unknown = Array.isArray(output) ? output[0] : output;
  return typeof first === 'string' && /^https?:/.test(first) ? first : null;
}

function reasonOf(error: unknown): string {
  if (typeof error === 'string' && error !== '') return error;
  return error ? JSON.stringify(error) : 'The Replicate prediction failed';
}

function stateOf(prediction: Prediction, model: string): VideoJobState {
  switch (prediction.status) {
    case 'starting':
      return { status: 'queued', queuePosition: null };
    case 'processing':
      return { status: 'running', ...progressFromLogs(prediction.logs ?? '') };
    case 'succeeded': {
      const url = videoUrlOf(prediction.output);
      return url
        ? { status: 'succeeded', output: { kind: 'url', url, details: { model } } }
        : { status: 'failed', reason: `The Replicate prediction ${prediction.id} produced no video URL` };
    }
    case 'failed':
      return { status: 'failed', reason: reasonOf(prediction.error) };
    case 'canceled':
      return { status: 'cancelled' };
    case 'aborted':
      // Replicate dropped it before it ran (its deadline passed); nobody here asked for that.
      return { status: 'failed', reason: `The Replicate prediction ${prediction.id} was aborted` };
    default:
      throw new ProviderError(`The Replicate prediction ${prediction.id} is ${prediction.status}`);
  }
}

/**
 * Replicate predictions as durable jobs: `submit` only creates the prediction (no `Prefer: wait`),
 * and the prediction id is all a later `status` or `cancel` needs, from any worker.
 */
export class ReplicateVideoProvider implements VideoProvider {
  readonly name = 'replicate';
  private readonly predictions: ReplicatePredictions;

  constructor(private readonly options: ReplicateVideoOptions) {
    this.predictions = new ReplicatePredictions(options);
  }

  async submit(input: { prompt: string; image: SubjectImage }, signal: AbortSignal): Promise<string> {
    // An https URL or a data: URI: the image is never uploaded through /v1/files.
    const image = await imageReference(input.image);
    return (await this.predictions.create(this.options.model, { prompt: input.prompt, image }, signal)).id;
  }

  async status(providerJobId: string, signal: AbortSignal): Promise<VideoJobState> {
    return stateOf(await this.predictions.get(providerJobId, signal), this.options.model);
  }

  async cancel(providerJobId: string): Promise<void> {
    await this.predictions.cancel(providerJobId, cancelSignal());
  }
}

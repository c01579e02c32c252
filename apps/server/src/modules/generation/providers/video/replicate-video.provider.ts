import { z } from 'zod';
import {
  ProviderError,
  type SubjectImage,
  type VideoJobState,
  type VideoProvider,
  jsonOrFail,
} from '../ports';
import { cancelSignal, imageReference, sendToVendor } from './vendor-http';
import { progressFromLogs } from './video-progress';

export interface ReplicateVideoOptions {
  token: string;
  baseUrl: string;
  /** Image-to-video model taking {prompt, image}, `owner/name` or `owner/name:version`. */
  model: string;
}

const predictionSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  output: z.unknown(),
  error: z.unknown(),
  logs: z.string().nullish(),
});
type Prediction = z.infer<typeof predictionSchema>;

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
 * Replicate predictions as durable jobs over the HTTP API: `submit` only creates the prediction
 * (no `Prefer: wait`), and the prediction id is all a later `status` or `cancel` needs, from any
 * worker. Plain fetch rather than the official client, because the client re-sends a POST whose
 * connection failed, which could create (and bill) a second prediction.
 */
export class ReplicateVideoProvider implements VideoProvider {
  readonly name = 'replicate';

  constructor(private readonly options: ReplicateVideoOptions) {}

  async submit(input: { prompt: string; image: SubjectImage }, signal: AbortSignal): Promise<string> {
    // An https URL or a data: URI: the image is never uploaded through /v1/files.
    const image = await imageReference(input.image);
    const [model, version] = this.options.model.split(':');
    const body = { input: { prompt: input.prompt, image }, ...(version ? { version } : {}) };
    const path = version ? '/predictions' : `/models/${model}/predictions`;
    return (await this.request('POST', path, body, signal)).id;
  }

  async status(providerJobId: string, signal: AbortSignal): Promise<VideoJobState> {
    return stateOf(
      await this.request('GET', `/predictions/${encodeURIComponent(providerJobId)}`, undefined, signal),
      this.options.model,
    );
  }

  async cancel(providerJobId: string): Promise<void> {
    const path = `/predictions/${encodeURIComponent(providerJobId)}/cancel`;
    await this.request('POST', path, undefined, cancelSignal());
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<Prediction> {
    const response = await sendToVendor({
      vendor: 'Replicate',
      baseUrl: this.options.baseUrl.replace(/\/$/, ''),
      method,
      path,
      headers: { authorization: `Bearer ${this.options.token}` },
      body,
      signal,
    });
    const parsed = predictionSchema.safeParse(await jsonOrFail(response, 'Replicate'));
    if (!parsed.success) throw new ProviderError(`Replicate answered ${method} ${path} with no prediction`);
    return parsed.data;
  }
}

import { z } from 'zod';
import { ProviderError, type SubjectImage, type VideoJobState, type VideoProvider } from '../ports';
import { cancelSignal, imageReference, readJson, sendToVendor } from '../vendor-http';
import { type RetryPolicy, isTransientStatus } from '../vendor-retry';
import { progressFromLogs } from './video-progress';

export interface FalVideoOptions {
  key: string;
  /** The queue API, `https://queue.fal.run` in production. */
  baseUrl: string;
  /** Image-to-video model id taking {prompt, image_url}, e.g. `fal-ai/wan-i2v`. */
  model: string;
  retry: RetryPolicy;
}

const submittedSchema = z.object({ request_id: z.string().min(1), response_url: z.string().optional() });
const statusSchema = z.object({
  status: z.string(),
  queue_position: z.number().int().nonnegative().nullish(),
  logs: z.array(z.object({ message: z.string() })).nullish(),
  error: z.string().nullish(),
});
// fal's video endpoints answer the seed they used beside the clip; it is kept when there.
const resultSchema = z.object({
  video: z.object({ url: z.url() }),
  seed: z.number().int().optional(),
});

/** A job id: the request's path under the queue API, `{owner}/{app}/requests/{request_id}`. */
const JOB_ID = /^[^/?#]+(\/[^/?#]+)*\/requests\/[^/?#]+$/;

/**
 * fal's queue REST API with fetch (the official client only talks to fal's own hosts, so it cannot
 * use a configurable base URL). Status, result and cancel live under the model's `owner/app`
 * without any endpoint subpath; the job id keeps that request path, so a restarted worker needs
 * nothing but the id (and the base URL) to poll or cancel the same request.
 */
export class FalVideoProvider implements VideoProvider {
  readonly name = 'fal';
  private readonly base: string;

  constructor(private readonly options: FalVideoOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  async submit(input: { prompt: string; image: SubjectImage }, signal: AbortSignal): Promise<string> {
    const image_url = await imageReference(input.image);
    const response = await this.send('POST', this.options.model, signal, { prompt: input.prompt, image_url });
    const parsed = submittedSchema.safeParse(await this.read(response, signal));
    if (!parsed.success) throw new ProviderError('fal accepted the request without a request_id');
    return this.jobIdOf(parsed.data.request_id, parsed.data.response_url);
  }

  async status(providerJobId: string, signal: AbortSignal): Promise<VideoJobState> {
    if (!JOB_ID.test(providerJobId)) return { status: 'failed', reason: `Unknown fal job ${providerJobId}` };
    const response = await this.send('GET', `${providerJobId}/status?logs=1`, signal);
    const parsed = statusSchema.safeParse(await this.read(response, signal));
    if (!parsed.success) throw new ProviderError(`fal answered no status for ${providerJobId}`);
    const { status, queue_position, logs, error } = parsed.data;
    switch (status) {
      case 'IN_QUEUE':
        return { status: 'queued', queuePosition: queue_position ?? null };
      case 'IN_PROGRESS':
        return { status: 'running', ...progressFromLogs((logs ?? []).map((log) => log.message).join('\n')) };
      case 'COMPLETED':
        return error ? { status: 'failed', reason: error } : this.result(providerJobId, signal);
      default:
        throw new ProviderError(`The fal request ${providerJobId} is ${status}`);
    }
  }

  async cancel(providerJobId: string): Promise<void> {
    if (!JOB_ID.test(providerJobId)) return;
    const signal = cancelSignal();
    await this.read(await this.send('PUT', `${providerJobId}/cancel`, signal), signal);
  }

  /** Where fal says the request lives when it is under our base URL, else derived from the model. */
  private jobIdOf(requestId: string, responseUrl: string | undefined): string {
    const path = responseUrl?.startsWith(`${this.base}/`) ? responseUrl.slice(this.base.length + 1) : null;
    if (path && JOB_ID.test(path) && path.endsWith(`/requests/${requestId}`)) return path;
    const app = this.options.model.split('/').slice(0, 2).join('/');
    return `${app}/requests/${requestId}`;
  }

  private async result(providerJobId: string, signal: AbortSignal): Promise<VideoJobState> {
    const response = await this.send('GET', providerJobId, signal);
    // A completed request whose endpoint refused it (bad input, safety checks) keeps that 4xx as its
    // result; a "not now" still standing after the retries is a failed poll, not a failed request.
    if (response.status >= 400 && response.status < 500 && !isTransientStatus(response.status)) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      return { status: 'failed', reason: `fal answered the result with HTTP ${response.status}: ${detail}` };
    }
    const parsed = resultSchema.safeParse(await this.read(response, signal));
    if (!parsed.success) return { status: 'failed', reason: `The fal request ${providerJobId} has no video` };
    const { video, seed } = parsed.data;
    const details = { model: this.options.model, ...(seed === undefined ? {} : { seed }) };
    return { status: 'succeeded', output: { kind: 'url', url: video.url, details } };
  }

  private send(method: 'GET' | 'POST' | 'PUT', path: string, signal: AbortSignal, body?: unknown) {
    const headers = { authorization: `Key ${this.options.key}`, accept: 'application/json' };
    const request = { method, path, body, signal, retry: this.options.retry };
    return sendToVendor({ ...request, vendor: 'fal', baseUrl: `${this.base}/`, headers });
  }

  private read(response: Response, signal: AbortSignal): Promise<unknown> {
    return readJson(response, 'fal', signal);
  }
}

import { z } from 'zod';
import type { Env } from '../../../config/env';
import { ProviderError } from './ports';
import { readJson, sendToVendor } from './vendor-http';
import type { RetryPolicy } from './vendor-retry';

export interface ReplicateApiOptions {
  token: string;
  baseUrl: string;
  retry: RetryPolicy;
}

/** Replicate's account and endpoint from the environment, the same for its image and video adapters. */
export const replicateApi = (env: Env, retry: RetryPolicy): ReplicateApiOptions => ({
  token: env.REPLICATE_API_TOKEN ?? '',
  baseUrl: env.REPLICATE_BASE_URL,
  retry,
});

// Replicate sends `output` and `error` as null until there is one; a missing field means the same.
const predictionSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  logs: z.string().nullish(),
});
export type Prediction = z.infer<typeof predictionSchema>;

/**
 * Replicate's predictions API with fetch under our retry policy, rather than the official client,
 * whose own retries (up to five, by rules of its own, sleeping through an abort) would stack on
 * ours. A create is only sent again when Replicate refused it for now or never answered.
 */
export class ReplicatePredictions {
  private readonly base: string;

  constructor(private readonly options: ReplicateApiOptions) {
    this.base = options.baseUrl.replace(/\/$/, '');
  }

  /** Creates a prediction of `owner/name` or `owner/name:version` without waiting for it. */
  create(model: string, input: Record<string, unknown>, signal: AbortSignal): Promise<Prediction> {
    const [ref, version] = model.split(':');
    const body = { input, ...(version ? { version } : {}) };
    return this.request('POST', version ? '/predictions' : `/models/${ref}/predictions`, body, signal);
  }

  get(id: string, signal: AbortSignal): Promise<Prediction> {
    return this.request('GET', `/predictions/${encodeURIComponent(id)}`, undefined, signal);
  }

  cancel(id: string, signal: AbortSignal): Promise<Prediction> {
    return this.request('POST', `/predictions/${encodeURIComponent(id)}/cancel`, undefined, signal);
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<Prediction> {
    const response = await sendToVendor({
      vendor: 'Replicate',
      baseUrl: this.base,
      method,
      path,
      headers: { authorization: `Bearer ${this.options.token}` },
      body,
      signal,
      retry: this.options.retry,
    });
    const parsed = predictionSchema.safeParse(await readJson(response, 'Replicate', signal));
    if (!parsed.success) throw new ProviderError(`Replicate answered ${method} ${path} with no prediction`);
    return parsed.data;
  }
}

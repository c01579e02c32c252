/**
 * When to try a chat request again: vendors shed load with 429 and 5xx and drop connections, and a
 * reply that has not started yet loses nothing by waiting a moment. Bounded, so a user is told of
 * a failure within about twenty seconds rather than left watching an empty reply.
 */
export const RETRY = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  /** Longest total wait across the retries of one request. */
  budgetMs: 20_000,
} as const;

export const isRetryableStatus = (status: number) => status === 429 || status === 408 || status >= 500;

/**
 * `Retry-After` (seconds or an HTTP date) or `retry-after-ms`, as OpenAI and OpenRouter send them;
 * undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0 for the first): exponential backoff with jitter, so
 * instances that failed together do not come back together; never shorter than the server asked.
 */
export function backoffMs(retry: number, random: () => number, serverAskedMs?: number): number {
  const exponential = Math.min(RETRY.maxDelayMs, RETRY.baseDelayMs * 2 ** retry);
  const jittered = exponential / 2 + (random() * exponential) / 2;
  return Math.max(jittered, serverAskedMs ?? 0);
}

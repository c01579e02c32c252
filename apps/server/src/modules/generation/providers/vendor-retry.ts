import { setTimeout as delay } from 'node:timers/promises';
import { PROVIDER_RETRY_DEFAULTS } from '../../../config/env';
import { type Clock, systemClock } from '../../../lib/clock';

/** Where retries are reported; the app's logger fits. */
export interface RetryLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** How every call to an AI vendor (and every download of its outputs) rides out a passing fault. */
export interface RetryPolicy {
  /** Retrying stops once this much time has gone by since the first attempt; no wait ends later. */
  maxMs: number;
  /** The ceiling of the first wait; it doubles for each retry after that, up to MAX_WAIT_MS. */
  baseMs: number;
  /** Reads elapsed time and turns a Retry-After date into a wait. */
  clock: Clock;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** A number in [0, 1) that places each wait under its ceiling (full jitter). */
  random(): number;
  log: RetryLog;
}

const MAX_WAIT_MS = 10_000;
/** With full jitter a wait can be close to 0; this keeps such a run of short waits finite. */
const MAX_ATTEMPTS = 10;

/** Answers that mean "not now" rather than "not this request": any other 4xx is final. */
const TRANSIENT_STATUSES = new Set([408, 409, 429, 500, 502, 503, 504]);

/** Network failures that say nothing against the request itself. A name that does not resolve is not one. */
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

const silent: RetryLog = { warn: () => {} };

/** Waits `ms`; an abort ends the wait at once with the signal's own reason. */
export async function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await delay(ms, undefined, { signal });
  } catch (error) {
    signal.throwIfAborted();
    throw error;
  }
}

export function retryPolicy(
  options: Pick<RetryPolicy, 'maxMs' | 'baseMs' | 'clock'> & Partial<RetryPolicy>,
): RetryPolicy {
  const { sleep = abortableSleep, random = Math.random, log = silent, ...bounds } = options;
  return { ...bounds, sleep, random, log };
}

/** The policy at its defaults on the system clock, logging nothing, for a caller given none. */
export const DEFAULT_RETRY_POLICY = retryPolicy({ ...PROVIDER_RETRY_DEFAULTS, clock: systemClock });

/** A failure worth another attempt: its HTTP status or network error code, and any Retry-After. */
export interface Transient {
  status: number | string;
  retryAfterMs: number | null;
}

/** Retry-After in seconds or as an HTTP-date, as a wait from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = /GMT$/.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

export function isTransientStatus(status: number): boolean {
  return TRANSIENT_STATUSES.has(status);
}

export function transientAnswer(response: Response, now: Date): Transient | null {
  if (!isTransientStatus(response.status)) return null;
  return { status: response.status, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now) };
}

/** The code of a network failure worth retrying, looked for along the error's causes. */
function transientError(error: unknown): Transient | null {
  let cause = error;
  for (let depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return { status: code, retryAfterMs: null };
    cause = cause.cause;
  }
  return null;
}

/** What one attempt came to: a final result, or a transient failure and what to answer if it stays. */
export type Attempt<T> =
  { done: T } | { again: Transient; last: () => T; discard?: () => Promise<unknown> | undefined };

/**
 * Runs `attempt` until it comes to a final result. A transient failure (answered, or thrown as a
 * network error before the caller's signal aborted) is tried again after a wait drawn at random
 * below a ceiling that doubles each time, never shorter than the vendor's Retry-After; when the
 * next wait would end past the budget, the last failure stands. Waits end early on abort.
 */
export async function withRetry<T>(
  policy: RetryPolicy,
  call: { vendor: string; request: string },
  signal: AbortSignal,
  attempt: () => Promise<Attempt<T>>,
): Promise<T> {
  const started = policy.clock().getTime();
  let slept = 0;
  for (let count = 1; ; count += 1) {
    let outcome: Attempt<T>;
    try {
      outcome = await attempt();
    } catch (error) {
      const again = signal.aborted ? null : transientError(error);
      if (!again) throw error;
      outcome = {
        again,
        last: () => {
          throw error;
        },
      };
    }
    if ('done' in outcome) return outcome.done;
    const ceiling = Math.min(MAX_WAIT_MS, policy.baseMs * 2 ** (count - 1));
    const wait = Math.max(Math.round(policy.random() * ceiling), outcome.again.retryAfterMs ?? 0);
    // A pinned test clock stands still, so the time slept counts as time gone by too.
    const spent = Math.max(policy.clock().getTime() - started, slept);
    if (count >= MAX_ATTEMPTS || spent + wait > policy.maxMs) return outcome.last();
    await outcome.discard?.();
    policy.log.warn(
      { ...call, status: outcome.again.status, attempt: count, retryInMs: wait },
      'AI vendor call failed; retrying',
    );
    await policy.sleep(wait, signal);
    slept += wait;
  }
}

/** A body that can be sent again as it is; a stream is read once. */
function replayable(body: RequestInit['body']): boolean {
  return (
    body === undefined ||
    body === null ||
    typeof body === 'string' ||
    ArrayBuffer.isView(body) ||
    body instanceof ArrayBuffer ||
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof URLSearchParams
  );
}

/**
 * `fetch` under the policy: what it answers is final, either an answer that is not transient or
 * the last transient one once the budget is spent. A request is sent again only when no answer
 * came, or the answer said "not now" (an accepted create answers 2xx and is never sent twice).
 * Logs name the host and path, never the query, which may carry a signed token.
 */
export function retryingFetch(policy: RetryPolicy, vendor: string, send: typeof fetch = fetch): typeof fetch {
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : null;
    if (!replayable(init.body) || request?.bodyUsed) return send(input, init);
    const url = new URL(request ? request.url : String(input));
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const signal = init.signal ?? request?.signal ?? new AbortController().signal;
    return withRetry<Response>(
      policy,
      { vendor, request: `${method} ${url.host}${url.pathname}` },
      signal,
      async () => {
        const response = await send(request ? request.clone() : input, init);
        const again = transientAnswer(response, policy.clock());
        if (!again) return { done: response };
        return { again, last: () => response, discard: () => response.body?.cancel() };
      },
    );
  };
}

import { PROVIDER_RETRY_DEFAULTS } from '../config/env';
import { systemClock } from '../lib/clock';
import { type RetryPolicy, retryPolicy } from '../modules/generation/providers/vendor-retry';

export interface RecordedRetry {
  policy: RetryPolicy;
  /** Every wait the policy asked for, in ms; none of them is slept. */
  waits: number[];
  /** What each retry logged. */
  warnings: Record<string, unknown>[];
}

/**
 * The retry policy at its defaults, except that its waits return at once (still ending on abort)
 * and are recorded with its warnings, so a test sees how long a vendor would have been left alone
 * without spending that time. Jitter sits mid-range, so the waits are the same on every run.
 */
export function recordingRetry(overrides: Partial<RetryPolicy> = {}): RecordedRetry {
  const waits: number[] = [];
  const warnings: Record<string, unknown>[] = [];
  const policy = retryPolicy({
    ...PROVIDER_RETRY_DEFAULTS,
    clock: systemClock,
    random: () => 0.5,
    sleep: async (ms, signal) => {
      signal.throwIfAborted();
      waits.push(ms);
    },
    log: { warn: (details) => void warnings.push(details) },
    ...overrides,
  });
  return { policy, waits, warnings };
}

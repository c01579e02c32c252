/**
 * A durable queue that dispatches named jobs to handlers in this process. It only dispatches: the
 * record of what a job achieved (a generation, say) lives in the caller's own table, so finished
 * and failed queue rows are deleted.
 *
 * Delivery is at least once. A handler can run again after a crash, a lost lease or a stop that
 * outlasted its grace period, so it must be safe to repeat (e.g. re-attach to a provider job
 * whose id it stored rather than submit a new one).
 *
 * Recovery from a killed process differs by implementation. The SQL queue holds a lease on each
 * running job and any instance reclaims it once the lease expires (seconds). graphile-worker keeps
 * a killed worker's jobs locked for up to 4 hours; callers that need faster recovery keep a lease
 * of their own on their record and re-enqueue (with a new key) when it expires.
 */

export type JobPayload = Record<string, unknown>;

export interface JobContext<P extends JobPayload = JobPayload> {
  id: string;
  name: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the queue stops past its grace period, or when the job's lease was lost. */
  signal: AbortSignal;
}

export type JobHandler<P extends JobPayload = JobPayload> = (job: JobContext<P>) => Promise<void>;

export interface EnqueueOptions {
  /** Runs in total, the first included; the queue's default when omitted. */
  maxAttempts?: number;
  /** Not before this time; now when omitted. */
  runAt?: Date;
  /** Enqueuing a key whose job is still queued or running does nothing. */
  key?: string;
}

export interface JobQueue {
  /** Before start(); one handler per job name. */
  register<P extends JobPayload>(name: string, handler: JobHandler<P>): void;
  /** Stores the job durably; it runs on whichever started instance claims it first. */
  enqueue(name: string, payload: JobPayload, options?: EnqueueOptions): Promise<void>;
  start(): Promise<void>;
  /**
   * Takes no new job, waits up to graceMs for running handlers, then aborts their signals and
   * hands their jobs back to the queue (without spending an attempt) for another instance.
   * Resolves once no handler runs and the queue's connections are released.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

/**
 * Thrown by a handler for a transient failure (timeout, rate limit, 5xx): the job runs again after
 * an exponential backoff while attempts remain. Any other error fails the job at once.
 */
export class RetryableJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryableJobError';
  }
}

export interface JobLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Tuning shared by the implementations; the defaults suit production. */
export interface JobQueueOptions {
  /** Handlers running at once in this instance. */
  concurrency: number;
  /** Fallback scan for jobs enqueued elsewhere or coming due; in-process enqueues wake at once. */
  pollIntervalMs?: number;
  /** The first retry waits this long, each next one twice as long, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  defaultMaxAttempts?: number;
}

export const JOB_QUEUE_DEFAULTS = {
  pollIntervalMs: 1000,
  retryBaseMs: 1000,
  retryMaxMs: 5 * 60_000,
  defaultMaxAttempts: 3,
  graceMs: 10_000,
} as const;

/** The wait before the run after `attempt` (1-based) failed with a RetryableJobError. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

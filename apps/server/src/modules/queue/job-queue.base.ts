import { isDatabaseUnavailable } from '../../errors/database-errors';
import type {
  EnqueueOptions,
  JobHandler,
  JobLogger,
  JobPayload,
  JobQueue,
  JobQueueOptions,
} from './job-queue.port';
import { JOB_QUEUE_DEFAULTS, RetryableJobError, retryDelayMs } from './job-queue.port';

/**
 * What becomes of a job whose handler threw. A job postponed met an unavailable database: it runs
 * again after the delay without spending an attempt, since nothing was wrong with the job.
 */
export type JobFailure =
  | { outcome: 'handed back' }
  | { outcome: 'retry'; delayMs: number }
  | { outcome: 'postponed'; delayMs: number }
  | { outcome: 'failed' };

interface FailedRun {
  error: unknown;
  handedBack: boolean;
  details: { jobId: string; name: string; attempt: number; maxAttempts: number };
}

/** The bookkeeping both implementations share: handlers, the lifecycle and the retry policy. */
export abstract class BaseJobQueue implements JobQueue {
  protected readonly handlers = new Map<string, JobHandler>();
  protected state: 'idle' | 'started' | 'stopping' | 'stopped' = 'idle';
  private stopping: Promise<void> | null = null;

  constructor(
    protected readonly clock: () => Date,
    protected readonly logger: JobLogger,
    private readonly tuning: JobQueueOptions,
  ) {}

  register<P extends JobPayload>(name: string, handler: JobHandler<P>): void {
    if (this.state !== 'idle') throw new Error(`Job handler "${name}" registered after start`);
    if (this.handlers.has(name)) throw new Error(`Job handler "${name}" registered twice`);
    this.handlers.set(name, handler as JobHandler);
  }

  abstract enqueue(name: string, payload: JobPayload, options?: EnqueueOptions): Promise<void>;

  async start(): Promise<void> {
    if (this.state !== 'idle') throw new Error('A job queue starts once');
    this.state = 'started';
    await this.begin();
  }

  stop({ graceMs = JOB_QUEUE_DEFAULTS.graceMs }: { graceMs?: number } = {}): Promise<void> {
    this.stopping ??= this.drain(graceMs);
    return this.stopping;
  }

  protected abstract begin(): Promise<void>;

  protected abstract drain(graceMs: number): Promise<void>;

  protected maxAttemptsOf(options: EnqueueOptions): number {
    const maxAttempts =
      options.maxAttempts ?? this.tuning.defaultMaxAttempts ?? JOB_QUEUE_DEFAULTS.defaultMaxAttempts;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error('maxAttempts must be 1 or more');
    return maxAttempts;
  }

  protected judgeFailure({ error, handedBack, details }: FailedRun): JobFailure {
    if (handedBack) return { outcome: 'handed back' };
    const delayMs = retryDelayMs(
      details.attempt,
      this.tuning.retryBaseMs ?? JOB_QUEUE_DEFAULTS.retryBaseMs,
      this.tuning.retryMaxMs ?? JOB_QUEUE_DEFAULTS.retryMaxMs,
    );
    if (isDatabaseUnavailable(error)) return { outcome: 'postponed', delayMs };
    if (error instanceof RetryableJobError && details.attempt < details.maxAttempts) {
      return { outcome: 'retry', delayMs };
    }
    return { outcome: 'failed' };
  }

  /** Logged once the implementation has recorded the failure. */
  protected logFailure({ error, details }: FailedRun, failure: JobFailure): void {
    if (failure.outcome === 'handed back') this.logger.info(details, 'Job handed back to the queue on stop');
    else if (failure.outcome === 'retry')
      this.logger.warn({ ...details, err: error, retryInMs: failure.delayMs }, 'Job failed; it will retry');
    else if (failure.outcome === 'postponed')
      this.logger.warn(
        { ...details, err: error, retryInMs: failure.delayMs },
        'Job stopped: the database is unavailable; it runs again without spending an attempt',
      );
    else this.logger.error({ ...details, err: error }, 'Job failed');
  }
}

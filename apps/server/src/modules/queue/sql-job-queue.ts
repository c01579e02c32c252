import { isDatabaseUnavailable } from '../../errors/database-errors';
import { newId } from '../../lib/ids';
import { BaseJobQueue } from './job-queue.base';
import {
  type EnqueueOptions,
  JOB_QUEUE_DEFAULTS,
  type JobLogger,
  type JobPayload,
  type JobQueueOptions,
} from './job-queue.port';
import type { JobRow, QueueRepository } from './queue.repository';

export interface SqlJobQueueOptions extends JobQueueOptions {
  /** How long a claimed job stays ours without renewal; renewed every third of it while it runs. */
  leaseMs?: number;
}

export interface SqlJobQueueDeps {
  repository: QueueRepository;
  clock: () => Date;
  logger: JobLogger;
  options: SqlJobQueueOptions;
}

interface RunningJob {
  controller: AbortController;
  /** Aborted by stop(): the job goes back to the queue whatever the handler threw. */
  handedBack: boolean;
  /** Another instance reclaimed the job after our lease ran out: its outcome is theirs to record. */
  leaseLost: boolean;
  done: Promise<void>;
}

const DEFAULT_LEASE_MS = 30_000;

/**
 * The embedded queue: a worker in this process over the jobs table. Claims are single UPDATE
 * statements, and each claimed job carries a lease the worker renews while the handler runs, so a
 * job whose process died runs again on any instance once the lease expires.
 */
export class SqlJobQueue extends BaseJobQueue {
  private readonly running = new Map<string, RunningJob>();
  private readonly workerId = `sql-${newId(16)}`;
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  private readonly repository: QueueRepository;
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private pollTimer: NodeJS.Timeout | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;

  constructor(deps: SqlJobQueueDeps) {
    const { options } = deps;
    super(deps.clock, deps.logger, options);
    this.repository = deps.repository;
    this.concurrency = options.concurrency;
    this.pollIntervalMs = options.pollIntervalMs ?? JOB_QUEUE_DEFAULTS.pollIntervalMs;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  async enqueue(name: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<void> {
    const maxAttempts = this.maxAttemptsOf(options);
    const now = this.clock();
    const runAt = options.runAt ?? now;
    const inserted = await this.repository.insert({
      id: newId(),
      name,
      payload: JSON.stringify(payload),
      key: options.key ?? null,
      attempts: 0,
      max_attempts: maxAttempts,
      run_at: runAt.toISOString(),
      locked_by: null,
      locked_until: null,
      created_at: now.toISOString(),
    });
    if (inserted) this.wakeAfter(runAt.getTime() - now.getTime());
  }

  protected async begin(): Promise<void> {
    this.pollTimer = setInterval(() => this.wake(), this.pollIntervalMs).unref();
    this.leaseTimer = setInterval(() => void this.renewLeases(), Math.max(1, this.leaseMs / 3)).unref();
    this.wake();
  }

  protected async drain(graceMs: number): Promise<void> {
    if (this.state !== 'started') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    if (this.pollTimer) clearInterval(this.pollTimer);
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    await this.pumping;

    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace over'>((resolve) => {
      graceTimer = setTimeout(() => resolve('grace over'), graceMs);
    });
    const settled = Promise.allSettled([...this.running.values()].map((job) => job.done));
    if ((await Promise.race([settled, graceOver])) === 'grace over') {
      for (const job of this.running.values()) {
        job.handedBack = true;
        job.controller.abort();
      }
    }
    clearTimeout(graceTimer);
    await settled;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.state = 'stopped';
  }

  private wake(): void {
    if (this.state !== 'started') return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumpAgain = false;
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
      if (this.pumpAgain) this.wake();
    });
  }

  /** Wakes the worker when a job comes due within the next poll; later ones are the poll's. */
  private wakeAfter(delayMs: number): void {
    if (delayMs <= 0) return this.wake();
    if (delayMs >= this.pollIntervalMs || this.state === 'stopping' || this.state === 'stopped') return;
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      this.wake();
    }, delayMs).unref();
    this.wakeTimers.add(timer);
  }

  /** Claims due jobs until every slot is busy or none is left. */
  private async pump(): Promise<void> {
    try {
      while (this.state === 'started' && this.running.size < this.concurrency) {
        const now = this.clock();
        const row = await this.repository.claim(
          [...this.handlers.keys()],
          this.workerId,
          now.toISOString(),
          new Date(now.getTime() + this.leaseMs).toISOString(),
        );
        if (!row) break;
        this.run(row);
      }
    } catch (error) {
      // The poll tries again: once the database is back, claiming resumes.
      this.logger[isDatabaseUnavailable(error) ? 'warn' : 'error']({ err: error }, 'Could not claim a job');
    }
  }

  private run(row: JobRow): void {
    const job: RunningJob = {
      controller: new AbortController(),
      handedBack: false,
      leaseLost: false,
      done: Promise.resolve(),
    };
    this.running.set(row.id, job);
    job.done = this.execute(row, job).finally(() => {
      this.running.delete(row.id);
      this.wake();
    });
  }

  private async execute(row: JobRow, job: RunningJob): Promise<void> {
    const handler = this.handlers.get(row.name);
    let failure: { error: unknown } | null = null;
    try {
      if (!handler) throw new Error(`No handler for job "${row.name}"`);
      await handler({
        id: row.id,
        name: row.name,
        payload: JSON.parse(row.payload) as JobPayload,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
        signal: job.controller.signal,
      });
    } catch (error) {
      failure = { error };
    }
    try {
      await this.settle(row, job, failure);
    } catch (error) {
      this.logger.error(
        { err: error, jobId: row.id, name: row.name },
        'Could not record a job outcome; it runs again when its lease expires',
      );
    }
  }

  private async settle(row: JobRow, job: RunningJob, failure: { error: unknown } | null): Promise<void> {
    const details = { jobId: row.id, name: row.name, attempt: row.attempts, maxAttempts: row.max_attempts };
    if (job.leaseLost) {
      this.logger.warn(details, 'Job lease lost while it ran; another instance has taken it over');
      return;
    }
    const now = this.clock();
    if (!failure) {
      await this.repository.delete(row.id, this.workerId);
      return;
    }
    const run = { error: failure.error, handedBack: job.handedBack, details };
    const verdict = this.judgeFailure(run);
    if (verdict.outcome === 'handed back') {
      await this.repository.release(row.id, this.workerId, now.toISOString(), true);
    } else if (verdict.outcome === 'retry' || verdict.outcome === 'postponed') {
      await this.repository.release(
        row.id,
        this.workerId,
        new Date(now.getTime() + verdict.delayMs).toISOString(),
        verdict.outcome === 'postponed',
      );
    } else {
      await this.repository.delete(row.id, this.workerId);
    }
    this.logFailure(run, verdict);
    if (verdict.outcome === 'retry' || verdict.outcome === 'postponed') this.wakeAfter(verdict.delayMs);
  }

  private async renewLeases(): Promise<void> {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    try {
      const until = new Date(this.clock().getTime() + this.leaseMs).toISOString();
      const held = new Set(await this.repository.renew(ids, this.workerId, until));
      for (const id of ids) {
        const job = this.running.get(id);
        if (held.has(id) || !job) continue;
        job.leaseLost = true;
        job.controller.abort();
      }
    } catch (error) {
      this.logger.error({ err: error }, 'Could not renew job leases');
    }
  }
}

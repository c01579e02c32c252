import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Worker, WorkerEvents, WorkerPool } from 'graphile-worker';
import type { JobLogger } from './job-queue.port';

export interface GraphileWorkersDeps {
  /** Starts a graphile-worker pool of `concurrency` workers reporting on `events`. */
  start(concurrency: number, events: WorkerEvents): WorkerPool;
  /** Frees the jobs that these (dead) workers still hold locked. */
  unlock(workerIds: string[]): Promise<void>;
  /** Resolves once the database answers. */
  ping(): Promise<void>;
  /** Lets the queue listen to each new pool's events. */
  observe(events: WorkerEvents): void;
  logger: JobLogger;
  /** The first pause before the next try while the database is away; each next one doubles. */
  retryMs?: number;
  maxRetryMs?: number;
}

interface Slot {
  pool: WorkerPool;
  /** Workers of this pool still alive. */
  live: number;
  /** One of its workers has read the job table: the pool knows its task ids. */
  proven: boolean;
  retired: boolean;
}

/**
 * graphile-worker pools that keep `concurrency` workers alive in all through database outages.
 * graphile-worker does not recover from two of them on its own:
 * - a worker that cannot record a job's outcome ends for good, its pool never replaces it, and
 *   its job stays locked for 4 hours: the pool goes on with fewer workers and, once all are gone,
 *   takes no job at all;
 * - a pool whose first look at the job table fails keeps that failure as its task ids and fails
 *   every later look.
 * So a lost worker's job is unlocked and the worker replaced by a new pool once the database
 * answers again; a pool whose first look failed, or that ended by itself, is retired and replaced.
 */
export class GraphileWorkers {
  private readonly slots = new Set<Slot>();
  private readonly lost: string[] = [];
  private readonly stopped = new AbortController();
  private missing = 0;
  private repairing: Promise<void> | null = null;

  constructor(private readonly deps: GraphileWorkersDeps) {}

  start(concurrency: number): void {
    const events: WorkerEvents = new EventEmitter();
    this.deps.observe(events);
    const slot: Slot = {
      pool: this.deps.start(concurrency, events),
      live: concurrency,
      proven: false,
      retired: false,
    };
    this.slots.add(slot);
    const proven = () => void (slot.proven = true);
    events.on('worker:getJob:empty', proven);
    events.on('job:start', proven);
    events.on('worker:getJob:error', ({ error }) => {
      if (slot.proven || slot.retired) return;
      this.deps.logger.warn(
        { err: error },
        'A new job queue worker pool could not read its tasks; replacing it',
      );
      void this.retire(slot);
      this.repair(slot.live);
    });
    events.on('worker:fatalError', ({ worker, error }) => this.workerLost(slot, worker, error));
    void slot.pool.promise.finally(() => {
      if (slot.retired || this.stopped.signal.aborted) return;
      this.deps.logger.error({ workers: slot.live }, 'A job queue worker pool ended by itself; replacing it');
      slot.retired = true;
      this.slots.delete(slot);
      this.repair(slot.live);
    });
  }

  /** Stops every pool; each waits for the jobs its workers run. */
  async stop(): Promise<void> {
    this.stopped.abort();
    await this.repairing;
    await Promise.all([...this.slots].map((slot) => this.retire(slot)));
  }

  private workerLost(slot: Slot, worker: Worker, error: unknown): void {
    const replaceIt = !slot.retired && !this.stopped.signal.aborted;
    slot.live -= 1;
    this.deps.logger.warn(
      { err: error, workerId: worker.workerId, jobId: worker.getActiveJob()?.id },
      'A job queue worker could not record a job outcome and stopped; a new one replaces it',
    );
    if (slot.live <= 0) void this.retire(slot);
    if (!replaceIt) return;
    this.lost.push(worker.workerId);
    this.repair(1);
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.retired) return;
    slot.retired = true;
    this.slots.delete(slot);
    await slot.pool
      .gracefulShutdown()
      .catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'A job queue worker pool stopped badly'),
      );
  }

  private repair(workers: number): void {
    this.missing += workers;
    this.repairing ??= this.repairWhenBack().finally(() => {
      this.repairing = null;
      // Something went missing after the loop's last look.
      if (!this.stopped.signal.aborted && (this.missing > 0 || this.lost.length > 0)) this.repair(0);
    });
  }

  /** Once the database answers: unlocks the lost workers' jobs and starts the missing workers. */
  private async repairWhenBack(): Promise<void> {
    const { retryMs = 500, maxRetryMs = 10_000 } = this.deps;
    let failures = 0;
    while (!this.stopped.signal.aborted && (this.missing > 0 || this.lost.length > 0)) {
      try {
        if (this.lost.length > 0) {
          const workerIds = [...this.lost];
          await this.deps.unlock(workerIds);
          this.lost.splice(0, workerIds.length);
          this.deps.logger.info({ workerIds }, 'Jobs of lost job queue workers unlocked');
        } else {
          await this.deps.ping();
        }
        if (this.missing > 0) {
          const workers = this.missing;
          this.missing = 0;
          this.start(workers);
        }
        failures = 0;
      } catch (error) {
        const pauseMs = Math.min(maxRetryMs, retryMs * 2 ** failures);
        failures += 1;
        this.deps.logger.warn({ err: error, retryInMs: pauseMs }, 'Job queue workers wait for the database');
        await sleep(pauseMs, undefined, { signal: this.stopped.signal }).catch(() => undefined);
      }
    }
  }
}

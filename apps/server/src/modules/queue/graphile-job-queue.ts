import {
  Logger,
  type Task,
  type WorkerEvents,
  type WorkerUtils,
  makeWorkerUtils,
  runTaskList,
} from 'graphile-worker';
import pg from 'pg';
import { asDatabaseFault, connectionErrorSummary } from '../../errors/database-errors';
import { GraphileWorkers } from './graphile-workers';
import { BaseJobQueue } from './job-queue.base';
import {
  type EnqueueOptions,
  JOB_QUEUE_DEFAULTS,
  type JobHandler,
  type JobLogger,
  type JobPayload,
  type JobQueueOptions,
} from './job-queue.port';

export interface GraphileJobQueueOptions extends JobQueueOptions {
  connectionString: string;
  /** The schema graphile-worker installs its tables and functions in (created if missing). */
  schema: string;
  /** How long a connection to the database may take before the attempt fails. */
  connectTimeoutMs?: number;
}

export interface GraphileJobQueueDeps {
  clock: () => Date;
  logger: JobLogger;
  options: GraphileJobQueueOptions;
}

interface RunningJob {
  controller: AbortController;
  handedBack: boolean;
}

/**
 * What to do with a job once graphile-worker has recorded its failure: graphile's own backoff
 * (e^attempt seconds) is replaced by ours, and a job handed back on stop gets its attempt back.
 */
interface FollowUp {
  runAt: Date;
  refundAttempt: boolean;
}

/**
 * The queue on PostgreSQL, over graphile-worker: LISTEN/NOTIFY starts a job within milliseconds of
 * its enqueue on any instance, and SKIP LOCKED spreads jobs across instances.
 *
 * graphile-worker retries every error, so the task wrapper swallows the ones that must not be
 * retried (graphile then deletes the job as done) and rethrows only a RetryableJobError with
 * attempts left, or a job handed back on stop.
 */
export class GraphileJobQueue extends BaseJobQueue {
  private readonly running = new Map<string, RunningJob>();
  private readonly followUps = new Map<string, FollowUp>();
  private readonly pendingFollowUps = new Set<Promise<void>>();
  private readonly pool: pg.Pool;
  private readonly graphileLogger: Logger;
  private readonly options: GraphileJobQueueOptions;
  private readonly workers: GraphileWorkers;
  private utils: Promise<WorkerUtils> | null = null;
  private started = false;

  constructor(deps: GraphileJobQueueDeps) {
    super(deps.clock, deps.logger, deps.options);
    this.options = deps.options;
    // A connection for each worker taking or settling a job, and one listening per worker pool:
    // after lost workers were replaced there may be up to one pool per worker.
    this.pool = new pg.Pool({
      connectionString: this.options.connectionString,
      max: 2 * this.options.concurrency + 1,
      connectionTimeoutMillis: this.options.connectTimeoutMs,
      keepAlive: true,
    });
    // Without listeners, a connection lost while idle or checked out would end the process.
    this.pool.on('error', (error) =>
      this.logger.warn(connectionErrorSummary(error), 'Job queue database connection lost'),
    );
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.workers = new GraphileWorkers({
      start: (concurrency, events) => this.startPool(concurrency, events),
      unlock: async (workerIds) => (await this.workerUtils()).forceUnlockWorkers(workerIds),
      ping: async () => void (await this.pool.query('select 1')),
      observe: (events) => this.observe(events),
      logger: this.logger,
    });
    this.graphileLogger = new Logger((scope) => (level, message) => {
      const log = String(level) === 'error' || String(level) === 'warning' ? 'warn' : 'debug';
      this.logger[log]({ ...scope }, message);
    });
  }

  async enqueue(name: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<void> {
    const maxAttempts = this.maxAttemptsOf(options);
    try {
      const utils = await this.workerUtils();
      await utils.addJob(name, payload, {
        maxAttempts,
        ...(options.runAt ? { runAt: options.runAt } : {}),
        // Our jobs leave no row behind once handled, so "no row with this key" means none queued or running.
        ...(options.key ? { jobKey: options.key, jobKeyMode: 'unsafe_dedupe' as const } : {}),
      });
    } catch (error) {
      throw asDatabaseFault(error);
    }
  }

  protected async begin(): Promise<void> {
    await this.workerUtils();
    this.workers.start(this.options.concurrency);
    this.started = true;
  }

  /** Workers only: graphile's runner would add a cron, whose start-up query's failure nobody catches. */
  private startPool(concurrency: number, events: WorkerEvents) {
    return runTaskList(
      {
        schema: this.options.schema,
        concurrency,
        pollInterval: this.options.pollIntervalMs ?? JOB_QUEUE_DEFAULTS.pollIntervalMs,
        noHandleSignals: true,
        logger: this.graphileLogger,
        events,
      },
      Object.fromEntries([...this.handlers].map(([name, handler]) => [name, this.task(handler)])),
      this.pool,
    );
  }

  private observe(events: WorkerEvents): void {
    // A worker that could not record the outcome leaves the job locked; its follow-up is void.
    events.on('worker:fatalError', ({ worker }) => {
      const job = worker.getActiveJob();
      if (job) this.followUps.delete(String(job.id));
    });
    events.on('job:complete', ({ job, error }) => {
      const id = String(job.id);
      const followUp = this.followUps.get(id);
      if (!followUp || !error) return;
      this.followUps.delete(id);
      const attempts = followUp.refundAttempt ? job.attempts - 1 : null;
      const pending = this.reschedule(id, followUp.runAt, attempts)
        .catch((err: unknown) => this.logger.error({ err, jobId: id }, 'Could not reschedule a job'))
        .finally(() => this.pendingFollowUps.delete(pending));
      this.pendingFollowUps.add(pending);
    });
  }

  protected async drain(graceMs: number): Promise<void> {
    this.state = 'stopped';
    if (this.started) {
      const graceTimer = setTimeout(() => {
        for (const job of this.running.values()) {
          job.handedBack = true;
          job.controller.abort();
        }
      }, graceMs);
      // Resolves once every worker has finished its job and recorded the outcome.
      await this.workers.stop();
      clearTimeout(graceTimer);
      await Promise.all(this.pendingFollowUps);
    }
    await this.utils?.then((utils) => utils.release()).catch(() => undefined);
    await this.pool.end();
  }

  private workerUtils(): Promise<WorkerUtils> {
    const made = (this.utils ??= (async () => {
      const utils = await makeWorkerUtils({
        pgPool: this.pool,
        schema: this.options.schema,
        logger: this.graphileLogger,
      });
      await utils.migrate();
      return utils;
    })());
    // Made while the database was away: the next call tries again.
    made.catch(() => {
      if (this.utils === made) this.utils = null;
    });
    return made;
  }

  private task(handler: JobHandler): Task {
    return async (payload, helpers) => {
      const { job } = helpers;
      // The server parses BIGINT as a number for every pg pool; our ids are strings.
      const id = String(job.id);
      const running: RunningJob = { controller: new AbortController(), handedBack: false };
      this.running.set(id, running);
      const details = {
        jobId: id,
        name: job.task_identifier,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      };
      try {
        await handler({
          id,
          name: job.task_identifier,
          payload: payload as JobPayload,
          attempt: job.attempts,
          maxAttempts: job.max_attempts,
          signal: running.controller.signal,
        });
      } catch (error) {
        const run = { error, handedBack: running.handedBack, details };
        const failure = this.judgeFailure(run);
        if (failure.outcome === 'handed back') {
          this.followUps.set(id, { runAt: this.clock(), refundAttempt: true });
        } else if (failure.outcome === 'retry' || failure.outcome === 'postponed') {
          this.followUps.set(id, {
            runAt: new Date(this.clock().getTime() + failure.delayMs),
            refundAttempt: failure.outcome === 'postponed',
          });
        }
        this.logFailure(run, failure);
        if (failure.outcome !== 'failed') throw error;
      } finally {
        this.running.delete(id);
      }
    };
  }

  /** reschedule_jobs only touches unlocked jobs: it runs after graphile has recorded the failure. */
  private async reschedule(jobId: string, runAt: Date, attempts: number | null): Promise<void> {
    const utils = await this.workerUtils();
    const schema = pg.escapeIdentifier(this.options.schema);
    await utils.withPgClient((client) =>
      client.query(
        `select from ${schema}.reschedule_jobs(array[$1::bigint], run_at := $2::timestamptz, attempts := $3::int)`,
        [jobId, runAt.toISOString(), attempts],
      ),
    );
  }
}

import type { Env } from '../../config/env';
import { GraphileJobQueue } from './graphile-job-queue';
import type { JobLogger, JobQueue, JobQueueOptions } from './job-queue.port';
import { type QueueDatabase, QueueRepository } from './queue.repository';
import { SqlJobQueue } from './sql-job-queue';

export interface CreateJobQueueDeps {
  database: QueueDatabase;
  env: Pick<Env, 'DATABASE_URL' | 'GENERATION_CONCURRENCY'> &
    Partial<Pick<Env, 'DATABASE_CONNECT_TIMEOUT_MS'>>;
  clock: () => Date;
  logger: JobLogger;
  /** Tuning beyond the env (tests shorten the poll, the backoff and the lease). */
  options?: Partial<JobQueueOptions> & { leaseMs?: number; workerSchema?: string };
}

/**
 * The embedded SQL queue on SQLite, graphile-worker on PostgreSQL (in the `graphile_worker`
 * schema unless told otherwise).
 */
export function createJobQueue({ database, env, clock, logger, options = {} }: CreateJobQueueDeps): JobQueue {
  const { workerSchema = 'graphile_worker', ...tuning } = options;
  const queueOptions = { concurrency: env.GENERATION_CONCURRENCY, ...tuning };
  if (database.dialect === 'postgres') {
    if (!env.DATABASE_URL) throw new Error('The PostgreSQL job queue needs DATABASE_URL');
    return new GraphileJobQueue({
      clock,
      logger,
      options: {
        ...queueOptions,
        connectionString: env.DATABASE_URL,
        connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
        schema: workerSchema,
      },
    });
  }
  return new SqlJobQueue({
    repository: new QueueRepository(database.db),
    clock,
    logger,
    options: queueOptions,
  });
}

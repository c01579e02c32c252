import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue } from './create-job-queue';
import type { JobQueue } from './job-queue.port';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable jobs; modules register their handlers before the app is ready. */
    queue: JobQueue;
    /**
     * A queue of its own for one kind of job, over the same store, with `concurrency` handlers of
     * its own: chat replies (waiting on a model for seconds, costing little here) must not wait
     * behind generations, nor take their places. Created before the app is ready.
     */
    queueLane(name: string, concurrency: number): JobQueue;
  }
}

/** The job engine: the embedded SQL queue on SQLite, graphile-worker on PostgreSQL. */
export const queueModule = fp(
  async (app: FastifyInstance, opts: { jobQueue?: JobQueue }) => {
    const { env, database, clock } = app.platform;
    const queue = opts.jobQueue ?? createJobQueue({ database, env, clock, logger: app.log });
    const queues = [queue];
    app.decorate('queue', queue);
    app.decorate('queueLane', (name: string, concurrency: number) => {
      // A queue given from outside (tests) stands for every lane.
      if (opts.jobQueue) return opts.jobQueue;
      const lane = createJobQueue({
        database,
        env: { ...env, GENERATION_CONCURRENCY: concurrency },
        clock,
        logger: app.log.child({ lane: name }),
      });
      queues.push(lane);
      return lane;
    });
    app.addHook('onReady', async () => {
      // One after the other: graphile-worker installs its schema without a lock, so two lanes
      // starting at once on a fresh database both try to create it and one start fails.
      for (const q of queues) await q.start();
    });
    app.addHook('preClose', async () => {
      await Promise.all(queues.map((q) => q.stop({ graceMs: env.SHUTDOWN_GRACE_MS })));
    });
  },
  { name: 'queue', dependencies: ['fleet'] },
);

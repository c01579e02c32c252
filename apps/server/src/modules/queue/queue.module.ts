import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue } from './create-job-queue';
import type { JobQueue } from './job-queue.port';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable jobs; modules register their handlers before the app is ready. */
    queue: JobQueue;
  }
}

/** The job engine: the embedded SQL queue on SQLite, graphile-worker on PostgreSQL. */
export const queueModule = fp(
  async (app: FastifyInstance, opts: { jobQueue?: JobQueue }) => {
    const { env, database, clock } = app.platform;
    const queue = opts.jobQueue ?? createJobQueue({ database, env, clock, logger: app.log });
    app.decorate('queue', queue);
    app.addHook('onReady', () => queue.start());
    app.addHook('preClose', () => queue.stop({ graceMs: env.SHUTDOWN_GRACE_MS }));
  },
  { name: 'queue', dependencies: ['fleet'] },
);

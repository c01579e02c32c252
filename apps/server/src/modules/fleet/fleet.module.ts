import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listenToChannels } from './channels.repository';
import { AppError } from '../../errors/app-error';
import { connectionErrorSummary, isDatabaseUnavailable } from '../../errors/database-errors';
import { createFleet } from './fleet';
import { FleetRepository } from './fleet.repository';
import { Scheduler } from './scheduler';

/**
 * Announcements between instances on PostgreSQL channels. On SQLite, where one process runs, the
 * statements that announce (db/sql-helpers.ts) are heard in process, as they run.
 */
interface Channels {
  /** Whether other instances may be listening: repositories notify only then. */
  readonly shared: boolean;
  /**
   * Before the app is ready: `handler` gets each payload announced on `channel` by any instance.
   * `resubscribed` runs when the channel is back after a drop, during which announcements were lost.
   */
  listen(channel: string, handler: (payload: string) => void, resubscribed?: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic work by name, each run held by one instance of the fleet. */
    scheduler: Scheduler;
    channels: Channels;
  }
}

const RATE_LIMIT_PRUNE_MS = 60_000;

/**
 * What instances on one database share: rate-limit windows, periodic work and announcements.
 * Registered first; every other module schedules its work and listens through it.
 */
export const fleetModule = fp(
  async (app: FastifyInstance) => {
    const { env, database, clock, fleetUrl, instanceId } = app.platform;
    const fleet = createFleet(fleetUrl ? new FleetRepository(database.db) : null, clock);

    await app.register(fastifyRateLimit, {
      global: false,
      ...(fleet.rateLimitStore ? { store: fleet.rateLimitStore } : {}),
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(429, 'RATE_LIMITED', `Too many requests. Try again in ${seconds} s.`);
      },
    });

    const scheduler = new Scheduler({
      owner: instanceId,
      leases: fleet.leases,
      onDone: (task, result) => {
        if (typeof result === 'number')
          app.log[result > 0 ? 'info' : 'debug']({ task, result }, 'periodic task');
      },
      onError: (task, error) =>
        isDatabaseUnavailable(error)
          ? app.log.warn({ err: error, task }, 'periodic task skipped: the database is unavailable')
          : app.log.error({ err: error, task }, 'periodic task failed'),
    });
    scheduler.add({ name: 'rate-limit-prune', everyMs: RATE_LIMIT_PRUNE_MS, run: fleet.pruneRateLimits });
    app.decorate('scheduler', scheduler);

    const handlers = new Map<string, (payload: string) => void>();
    const resubscribers: (() => void)[] = [];
    app.decorate('channels', {
      shared: fleetUrl !== null,
      listen: (channel: string, handler: (payload: string) => void, resubscribed?: () => void) => {
        handlers.set(channel, handler);
        if (resubscribed) resubscribers.push(resubscribed);
      },
    });
    const stopHearing = database.onNotice((channel, payload) => handlers.get(channel)?.(payload));
    let listener: { close(): Promise<void> } | null = null;
    app.addHook('onReady', async () => {
      if (fleetUrl && handlers.size > 0) {
        listener = await listenToChannels(
          { connectionString: fleetUrl, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS },
          handlers,
          {
            onError: (error) =>
              app.log.warn(
                connectionErrorSummary(error),
                'the announcement channels dropped; connecting again',
              ),
            onResubscribed: () => {
              app.log.info({ channels: [...handlers.keys()] }, 'announcement channels subscribed again');
              for (const resubscribed of resubscribers) resubscribed();
            },
          },
        );
      }
      scheduler.start();
    });
    app.addHook('preClose', async () => {
      stopHearing();
      await listener?.close();
      await scheduler.stop();
    });
  },
  { name: 'fleet' },
);

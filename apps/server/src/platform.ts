import { connectionErrorSummary } from './errors/database-errors';
import type { FastifyInstance } from 'fastify';
import type { Env } from './config/env';
import type { DbHandle } from './db/client';
import type { Clock } from './lib/clock';
import type { ListPageCache } from './lib/list-page-cache';

/** What every module is built from: the one env, database and clock, and this instance's id. */
export interface Platform {
  env: Env;
  database: DbHandle;
  clock: Clock;
  /** Tells this process apart from others on the same database (leases, event origins). */
  instanceId: string;
  /** Other instances may share the database: PostgreSQL with its URL known. */
  fleetUrl: string | null;
  /** Folder of the files the server ships (the demo clip). */
  assetsDir: string;
  /** Answered list pages by user and data version, shared by every list route. */
  listCache: ListPageCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

export function decoratePlatform(app: FastifyInstance, platform: Platform): void {
  app.decorate('platform', platform);
  const stopWatching = platform.database.onConnectionError((error) =>
    app.log.warn(
      connectionErrorSummary(error),
      'an idle database connection was lost; the pool opens another when needed',
    ),
  );
  app.addHook('onClose', async () => stopWatching());
}

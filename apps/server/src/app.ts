import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { DbHandle } from './db/client';
import { frameworkErrors, registerErrorHandler } from './errors/error-handler';
import { type Clock, systemClock } from './lib/clock';
import { newId } from './lib/ids';
import { ListPageCache } from './lib/list-page-cache';
import { authModule } from './modules/auth';
import { avatarsModule } from './modules/avatars';
import { charactersModule } from './modules/characters';
import { type ChatProvider, chatModule } from './modules/chat';
import { fleetModule } from './modules/fleet';
import { type Providers, generationModule } from './modules/generation';
import { healthModule } from './modules/health';
import { mediaModule } from './modules/media';
import { pagesModule } from './modules/pages';
import { publicConfigModule } from './modules/public-config';
import { type JobQueue, queueModule } from './modules/queue';
import { findAssetsDir, samplesModule } from './modules/samples';
import { type StorageDriver, storageModule } from './modules/storage';
import { decoratePlatform } from './platform';
import { registerOriginCheck } from './plugins/origin-check.plugin';
import { RequestLogController } from './plugins/request-log.controller';
import { registerSecurityHeaders } from './plugins/security-headers.plugin';

export interface AppDeps {
  env: Env;
  database: DbHandle;
  /** Built web app to serve; omitted in API-only tests. */
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** AI adapters to use instead of the ones env selects (tests inject fakes here). */
  providers?: Partial<Providers>;
  /** Where file bytes live; default the local disk under DATA_DIR/files. */
  storageDriver?: StorageDriver;
  /** The one clock every service reads; tests pin it and move it forward. */
  clock?: Clock;
  /** Folder holding sample-video.mp4; found next to the server by default. */
  assetsDir?: string;
  /** The generation job queue; by default the one the database calls for. */
  jobQueue?: JobQueue;
  /** The chat's language model instead of the one env selects. */
  chatProvider?: ChatProvider;
}

/**
 * Builds the Fastify app: the cross-cutting hooks, then each module, in the order of what it
 * needs (each module names its dependencies and wires itself). It never listens.
 */
export async function buildApp(deps: AppDeps) {
  const { env, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    logController: new RequestLogController(),
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First, so that even a request refused by a later hook gets the headers.
  registerSecurityHeaders(app, env);
  registerOriginCheck(app, env);
  decoratePlatform(app, {
    env,
    database,
    clock: deps.clock ?? systemClock,
    instanceId: newId(12),
    // Instances on one PostgreSQL database share rate limits, periodic work and job events.
    fleetUrl: database.dialect === 'postgres' && env.DATABASE_URL ? env.DATABASE_URL : null,
    assetsDir: deps.assetsDir ?? findAssetsDir(),
    listCache: new ListPageCache(env.LIST_CACHE_MB * 1024 * 1024),
  });

  await app.register(fleetModule);
  await app.register(authModule);
  await app.register(storageModule, { driver: deps.storageDriver });
  await app.register(healthModule);
  await app.register(avatarsModule);
  await app.register(samplesModule);
  await app.register(charactersModule);
  await app.register(mediaModule);
  await app.register(queueModule, { jobQueue: deps.jobQueue });
  await app.register(generationModule, { providers: deps.providers });
  await app.register(publicConfigModule);
  await app.register(chatModule, { provider: deps.chatProvider });

  await app.register(pagesModule, { webDistDir: deps.webDistDir });
  return app;
}

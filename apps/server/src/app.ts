import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { DbHandle } from './db/client';
import { AppError } from './errors/app-error';
import { registerErrorHandler } from './errors/error-handler';
import { type Clock, systemClock } from './lib/clock';
import { newId } from './lib/ids';
import { listenToChannel } from './db/pg-listener';
import { registerAuthentication } from './modules/auth/auth.plugin';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { avatarsRoutes } from './modules/avatars/avatars.routes';
import { CharactersRepository } from './modules/characters/characters.repository';
import { characterRoutes } from './modules/characters/characters.routes';
import { characterCardRoutes } from './modules/characters/character-cards.routes';
import { CharacterCardsService } from './modules/characters/character-cards.service';
import { CharactersService } from './modules/characters/characters.service';
import { publicConfigRoutes } from './modules/public-config/public-config.routes';
import { GenerationService } from './modules/generation/generation.service';
import { generationRoutes } from './modules/generation/generation.routes';
import { type Providers, createProviders } from './modules/generation/providers/create-providers';
import { createGenerationJobs } from './modules/generation/jobs/generation-jobs.module';
import { GenerationOutputsRepository } from './modules/generation/jobs/generation-outputs.repository';
import { GenerationProvenance } from './modules/generation/jobs/generation-provenance';
import { GenerationsRepository } from './modules/generation/jobs/generations.repository';
import { generationsRoutes } from './modules/generation/jobs/generations.routes';
import {
  GENERATION_EVENTS_CHANNEL,
  GenerationEventsRelay,
} from './modules/generation/jobs/generation-events.relay';
import { createFleet } from './modules/fleet/fleet';
import { FleetRepository } from './modules/fleet/fleet.repository';
import { createJobQueue } from './modules/jobs/create-job-queue';
import type { JobQueue } from './modules/jobs/job-queue.port';
import { SAMPLE_VIDEO_FILE, findAssetsDir, samplesRoutes } from './modules/samples/samples.routes';
import { MediaDownloadService } from './modules/media/media-download.service';
import { MediaRepository } from './modules/media/media.repository';
import { mediaRoutes } from './modules/media/media.routes';
import { ListPageCache } from './lib/list-page-cache';
import { RequestLogController } from './plugins/request-log.controller';
import { MediaExportService } from './modules/media/media-export.service';
import { mediaExportSources } from './modules/media/media-export.sources';
import { MediaService } from './modules/media/media.service';
import { createStorage } from './modules/storage/create-storage';
import { createStorageDriver } from './modules/storage/drivers/create-storage-driver';
import type { FilesMaintenance } from './modules/storage/files-maintenance.service';
import { FilesRepository } from './modules/storage/files.repository';
import { filesRoutes } from './modules/storage/files.routes';
import type { FilesService } from './modules/storage/files.service';
import { Sweeper } from './modules/storage/files.sweeper';
import type { StorageDriver } from './modules/storage/storage-driver.port';
import { HealthRepository } from './plugins/health/health.repository';
import { healthRoutes } from './plugins/health/health.routes';
import { HealthService } from './plugins/health/health.service';
import { registerOriginCheck } from './plugins/origin-check.plugin';
import { registerSecurityHeaders } from './plugins/security-headers.plugin';
import { registerSpa } from './plugins/spa.plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored files; also the FilesPort handed to other modules. */
    files: FilesService;
    /** Sha256 sums recorded after the answer (tests `settle()` them) and the sweep itself. */
    filesMaintenance: FilesMaintenance;
    /** Deletes abandoned uploads and unclaimed candidates on an interval while the app runs. */
    sweeper: Sweeper;
  }
}

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
}

/** A JSON error answered before routing: nothing to run, frame or refer from. */
const ERROR_ANSWER_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Builds the Fastify app with every module registered. It never listens. */
export async function buildApp(deps: AppDeps) {
  const { env, database } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    logController: new RequestLogController(),
    // Errors raised before routing (a malformed or over-long URL) answer in our error shape too.
    // Helmet's hook has not run yet for these, so the answer carries the safe headers itself.
    frameworkErrors: (error, _request, reply) =>
      (reply as FastifyReply)
        .status(error.statusCode ?? 400)
        .headers(ERROR_ANSWER_HEADERS)
        .send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First, so that even a request refused by a later hook gets the headers.
  registerSecurityHeaders(app, env);
  registerOriginCheck(app, env);

  // Instances on one PostgreSQL database share rate limits, periodic work and job events.
  const shared = database.dialect === 'postgres' && env.DATABASE_URL ? env.DATABASE_URL : null;
  const fleet = createFleet(shared ? new FleetRepository(db) : null, clock);
  const instanceId = newId(12);

  await app.register(fastifyCookie);
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

  const auth = new AuthService(new AuthRepository(db), clock, {
    sessionTtlMs: env.SESSION_TTL_HOURS * 3600 * 1000,
    nonceTtlMs: env.AUTH_NONCE_TTL_SECONDS * 1000,
  });
  registerAuthentication(app, auth, env);

  const mb = 1024 * 1024;
  const storageDriver = deps.storageDriver ?? createStorageDriver(env);
  const storage = createStorage(new FilesRepository(db), storageDriver, {
    maxImageBytes: env.FILES_MAX_IMAGE_MB * mb,
    maxVideoBytes: env.FILES_MAX_VIDEO_MB * mb,
    quotaBytes: env.STORAGE_QUOTA_MB * mb,
    previewCacheBytes: env.PREVIEW_CACHE_MB * mb,
    abandonAfterMs: env.UPLOAD_ABANDON_MINUTES * 60_000,
    candidateTtlMs: env.CANDIDATE_TTL_HOURS * 3_600_000,
    clock,
    onBackgroundError: (error) => app.log.error({ err: error }, 'recording a file checksum failed'),
  });
  const { files, maintenance } = storage;
  const sweeper = new Sweeper(
    async () => {
      const removed = await maintenance.sweep();
      app.log[removed > 0 ? 'info' : 'debug']({ removed }, 'file sweep');
      return removed;
    },
    env.SWEEP_INTERVAL_MINUTES * 60_000,
    (error) => app.log.error({ err: error }, 'file sweep failed'),
    fleet.claim('files-sweep', env.SWEEP_INTERVAL_MINUTES * 60_000),
  );
  app.decorate('files', files);
  app.decorate('filesMaintenance', maintenance);
  app.decorate('sweeper', sweeper);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', async () => {
    await sweeper.stop();
    await maintenance.close();
  });

  const charactersRepo = new CharactersRepository(db);
  const characters = new CharactersService(charactersRepo, files, clock);
  const characterCards = new CharacterCardsService(charactersRepo, files, clock, {
    maxImageBytes: env.FILES_MAX_IMAGE_MB * mb,
  });
  const provenance = new GenerationProvenance(new GenerationOutputsRepository(db));
  const mediaRepo = new MediaRepository(db);
  const media = new MediaService(mediaRepo, files, characters, provenance, clock);
  const downloads = new MediaDownloadService(mediaRepo, files);

  const assetsDir = deps.assetsDir ?? findAssetsDir();
  const mediaExport = new MediaExportService(media, mediaExportSources(storage, assetsDir), clock);
  const providers = {
    ...createProviders(env, { clock, clipPath: path.join(assetsDir, SAMPLE_VIDEO_FILE) }),
    ...deps.providers,
  };
  const generation = new GenerationService(providers, files, {
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
    maxImageBytes: env.FILES_MAX_IMAGE_MB * mb,
    maxVideoBytes: env.FILES_MAX_VIDEO_MB * mb,
    onProviderError: (error, provider) => app.log.warn({ err: error, provider }, 'AI provider failed'),
  });

  const jobsRepo = new GenerationsRepository(
    db,
    shared ? { channel: GENERATION_EVENTS_CHANNEL, origin: instanceId } : undefined,
  );
  const queue = deps.jobQueue ?? createJobQueue({ database, env, clock, logger: app.log });
  const jobs = createGenerationJobs({
    repo: jobsRepo,
    provenance,
    queue,
    clock,
    generation,
    characters,
    media,
    video: providers.video,
    imageProviderName: providers.image.name,
    maxActive: env.GENERATION_MAX_ACTIVE,
    videoTimeoutMs: env.VIDEO_TIMEOUT_MS,
    videoPollMs: env.VIDEO_POLL_INTERVAL_MS,
    leaseMs: env.GENERATION_LEASE_MS,
    onError: (error, context) => app.log.error({ err: error, ...context }, 'generation job failed'),
  });
  const recovery = new Sweeper(
    async () => (await jobs.service.maintain(2 * env.GENERATION_LEASE_MS)) + (await fleet.pruneRateLimits()),
    env.GENERATION_LEASE_MS,
    (error) => app.log.error({ err: error }, 'generation recovery failed'),
    fleet.claim('generation-recovery', env.GENERATION_LEASE_MS),
  );
  const relay = new GenerationEventsRelay({
    hub: jobs.stream.hub,
    origin: instanceId,
    event: (userId, seq) => jobsRepo.event(userId, seq),
    onError: (error) => app.log.error({ err: error }, 'relaying a generation event failed'),
  });
  let listener: { close(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    if (shared) {
      listener = await listenToChannel(
        shared,
        GENERATION_EVENTS_CHANNEL,
        (payload) => relay.receive(payload),
        (error) => app.log.warn({ err: error }, 'the generation events channel dropped'),
      );
    }
    await queue.start();
    recovery.start();
  });
  app.addHook('preClose', async () => {
    await listener?.close();
    jobs.closeStreams();
    await recovery.stop();
    await queue.stop({ graceMs: env.SHUTDOWN_GRACE_MS });
  });

  const listCache = new ListPageCache(env.LIST_CACHE_MB * 1024 * 1024);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        health: new HealthService(new HealthRepository(db), storageDriver),
      });
      await api.register(publicConfigRoutes, { env });
      await api.register(authRoutes, { prefix: '/auth', auth, env });
      await api.register(characterRoutes, { prefix: '/characters', characters, listCache });
      await api.register(characterCardRoutes, { prefix: '/characters', cards: characterCards });
      await api.register(filesRoutes, { prefix: '/files', ...storage, env });
      await api.register(avatarsRoutes, { prefix: '/avatars' });
      await api.register(generationRoutes, { prefix: '/generate', generation, env });
      await api.register(generationsRoutes, {
        prefix: '/generations',
        generations: jobs.service,
        stream: jobs.stream,
        env,
      });
      await api.register(mediaRoutes, { prefix: '/media', media, downloads, mediaExport, listCache });
    },
    { prefix: '/api' },
  );
  await app.register(samplesRoutes, { assetsDir });

  const serveIndex = deps.webDistDir ? await registerSpa(app, deps.webDistDir) : false;
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      serveIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api';
    if (wantsPage) return serveIndex(request, reply);
    throw AppError.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
  });

  return app;
}

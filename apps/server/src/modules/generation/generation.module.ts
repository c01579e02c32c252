import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SAMPLE_VIDEO_FILE } from '../samples';
import { GenerationEventsHub } from './events/generation-events.hub';
import { GENERATION_EVENTS_CHANNEL, GenerationEventsRelay } from './events/generation-events.relay';
import type { StreamSource } from './events/generation-events.stream';
import { GenerationOutputsRepository } from './generation-outputs.repository';
import { GenerationProvenance } from './generation-provenance';
import { GenerationRepository } from './generation.repository';
import type { GenerationFinishedListener } from './generation.port';
import { generationRoutes, generationRateLimit } from './generation.routes';
import { GenerationRunner } from './generation.runner';
import { GENERATION_JOB, type GenerationJobPayload, GenerationService } from './generation.service';
import { ProviderWork } from './provider-work';
import { type Providers, createProviders } from './providers/create-providers';
import { retryPolicy } from './providers/vendor-retry';
import { RunningJobs } from './running-jobs';
import { SubjectResolver } from './subject-resolver';
import { UnsavedResults } from './unsaved-results';

const MB = 1024 * 1024;

/**
 * Every generation as a durable job: the one service the routes call, the runner the queue calls,
 * the event stream of each user's jobs (relayed between instances), and job upkeep.
 */
export const generationModule = fp(
  async (app: FastifyInstance, opts: { providers?: Partial<Providers> }) => {
    const { env, database, clock, instanceId, assetsDir } = app.platform;
    const { db } = database;
    const files = app.storage.files;
    const retry = retryPolicy({
      maxMs: env.PROVIDER_RETRY_MAX_MS,
      baseMs: env.PROVIDER_RETRY_BASE_MS,
      clock,
      log: app.log,
    });
    const providers = {
      ...createProviders(env, { clock, clipPath: path.join(assetsDir, SAMPLE_VIDEO_FILE), log: app.log }),
      ...opts.providers,
    };
    const work = new ProviderWork(providers, files, {
      retry,
      timeoutMs: env.PROVIDER_TIMEOUT_MS,
      maxImageBytes: env.FILES_MAX_IMAGE_MB * MB,
      maxVideoBytes: env.FILES_MAX_VIDEO_MB * MB,
      onProviderError: (error, provider) => app.log.warn({ err: error, provider }, 'AI provider failed'),
    });
    const subjects = new SubjectResolver(files, {
      maxImageBytes: env.FILES_MAX_IMAGE_MB * MB,
      timeoutMs: env.PROVIDER_TIMEOUT_MS,
    });
    const repo = new GenerationRepository(
      db,
      app.channels.shared ? { channel: GENERATION_EVENTS_CHANNEL, origin: instanceId } : undefined,
    );
    const provenance = new GenerationProvenance(new GenerationOutputsRepository(db));
    app.media.useProvenance(provenance);
    const hub = new GenerationEventsHub();
    const running = new RunningJobs();
    const finished: GenerationFinishedListener[] = [];
    const service = new GenerationService({
      repo,
      queue: app.queue,
      hub,
      running,
      clock,
      work,
      subjects,
      characters: app.characters,
      maxActive: env.GENERATION_MAX_ACTIVE,
      capabilities: providers.image.capabilities,
      providerFor: (kind) => (kind === 'video' ? providers.video.name : providers.image.name),
      onFinished: (userId, job) => {
        for (const listener of finished) {
          listener(userId, job).catch((error: unknown) =>
            app.log.error({ err: error, jobId: job.$id }, 'a listener of finished jobs failed'),
          );
        }
      },
    });
    app.decorate('generation', {
      create: (userId, input) => service.create(userId, input),
      get: (userId, id) => service.get(userId, id),
      imageCapabilities: providers.image.capabilities,
      cancel: (userId, id) => service.cancel(userId, id),
      onFinished: (listener) => void finished.push(listener),
      rateLimit: generationRateLimit(env),
    });
    const runner = new GenerationRunner(
      repo,
      service,
      running,
      work,
      subjects,
      provenance,
      {
        provider: providers.video,
        characterImage: async (userId, characterId) => {
          const { imageUrl } = await app.characters.get(userId, characterId);
          return { url: imageUrl, image: await subjects.resolve(userId, imageUrl) };
        },
        storeClip: (userId, output, signal) => work.storeVideo(userId, output, signal),
        saveMedia: async (userId, media) =>
          (await app.media.service.create(userId, { ...media, type: 'video' }, media.id)).$id,
        sleep: (ms, signal) => setTimeout(ms, undefined, { signal }),
        pollMs: env.VIDEO_POLL_INTERVAL_MS,
        timeoutMs: env.VIDEO_TIMEOUT_MS,
      },
      {
        instanceId,
        leaseMs: env.GENERATION_LEASE_MS,
        // Replicate is the one image vendor here that runs images as jobs of its own.
        imagePollMs: env.REPLICATE_POLL_INTERVAL_MS,
        imageTimeoutMs: env.PROVIDER_TIMEOUT_MS,
        clock,
        onError: (error, context) => app.log.error({ err: error, ...context }, 'generation job failed'),
      },
    );
    app.queue.register<GenerationJobPayload>(GENERATION_JOB, (job) => runner.handle(job));
    app.scheduler.add({
      name: 'generation-upkeep',
      everyMs: env.GENERATION_LEASE_MS,
      run: () => service.maintain(2 * env.GENERATION_LEASE_MS),
    });

    const relay = new GenerationEventsRelay({
      hub,
      origin: instanceId,
      event: (userId, seq) => repo.event(userId, seq),
      onError: (error) => app.log.error({ err: error }, 'relaying a generation event failed'),
    });
    app.channels.listen(
      GENERATION_EVENTS_CHANNEL,
      (payload) => relay.receive(payload),
      () => hub.gap(),
    );

    const shutdown = new AbortController();
    app.addHook('preClose', async () => shutdown.abort());
    const stream: StreamSource = {
      hub,
      eventsAfter: (userId, seq) => repo.eventsAfter(userId, seq),
      shutdown: shutdown.signal,
    };
    const unsaved = new UnsavedResults({
      repo,
      files,
      clock,
      candidateTtlMs: env.CANDIDATE_TTL_HOURS * 3_600_000,
    });
    await app.register(generationRoutes, { prefix: '/api', generation: service, unsaved, stream, env });
  },
  { name: 'generation', dependencies: ['fleet', 'auth', 'storage', 'characters', 'media', 'queue'] },
);

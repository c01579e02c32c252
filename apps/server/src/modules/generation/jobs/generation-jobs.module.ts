import { setTimeout } from 'node:timers/promises';
import type { Character, CreateGenerationInput, Generation } from '@baegen/shared';
import type { Clock } from '../../../lib/clock';
import { newId } from '../../../lib/ids';
import type { JobQueue } from '../../jobs/job-queue.port';
import type { GenerationService } from '../generation.service';
import type { VideoProvider } from '../providers/ports';
import { GenerationEventsHub } from './generation-events.hub';
import type { StreamSource } from './generation-events.stream';
import type { GenerationProvenance } from './generation-provenance';
import { GenerationRunner } from './generation.runner';
import type { GenerationsRepository } from './generations.repository';
import { GENERATION_JOB, type GenerationJobPayload, GenerationsService } from './generations.service';
import { RunningJobs } from './running-jobs';

/** The parts of other modules a video job needs: the character's picture and a gallery record. */
export interface GenerationJobsPorts {
  characters: { get(userId: string, id: string): Promise<Character> };
  media: {
    create(
      userId: string,
      input: { characterId: string; type: 'video'; prompt: string; url: string; thumbnail: string },
      id: string,
    ): Promise<{ $id: string }>;
  };
}

export interface GenerationJobsDeps extends GenerationJobsPorts {
  repo: GenerationsRepository;
  provenance: GenerationProvenance;
  queue: JobQueue;
  clock: Clock;
  generation: GenerationService;
  video: VideoProvider;
  imageProviderName: string;
  maxActive: number;
  videoTimeoutMs: number;
  videoPollMs: number;
  leaseMs: number;
  onError(error: unknown, context: Record<string, unknown>): void;
}

/**
 * Generation as durable jobs: the service the routes call, the runner the queue calls, and the
 * stream source the event routes read, over one repository.
 */
export function createGenerationJobs(deps: GenerationJobsDeps) {
  const { repo, generation } = deps;
  const hub = new GenerationEventsHub();
  const running = new RunningJobs();
  const characterImage = async (userId: string, characterId: string) => {
    const character = await deps.characters.get(userId, characterId);
    return { url: character.imageUrl, image: await generation.resolveSubject(userId, character.imageUrl) };
  };
  const service = new GenerationsService(repo, deps.queue, hub, running, deps.clock, {
    maxActive: deps.maxActive,
    providerFor: (kind: Generation['kind']) => (kind === 'video' ? deps.video.name : deps.imageProviderName),
    validate: async (userId: string, input: CreateGenerationInput) => {
      generation.checkPolicy(input.prompt);
      if (input.subject) await generation.resolveSubject(userId, input.subject);
      if (input.characterId) await deps.characters.get(userId, input.characterId);
    },
  });
  const runner = new GenerationRunner(
    repo,
    service,
    running,
    generation,
    deps.provenance,
    {
      provider: deps.video,
      characterImage,
      storeClip: (userId, output, signal) => generation.storeVideo(userId, output, signal),
      saveMedia: async (userId, media) =>
        (await deps.media.create(userId, { ...media, type: 'video' }, media.id)).$id,
      sleep: (ms, signal) => setTimeout(ms, undefined, { signal }),
      pollMs: deps.videoPollMs,
      timeoutMs: deps.videoTimeoutMs,
    },
    { instanceId: newId(12), leaseMs: deps.leaseMs, clock: deps.clock, onError: deps.onError },
  );
  deps.queue.register<GenerationJobPayload>(GENERATION_JOB, (job) => runner.handle(job));
  const shutdown = new AbortController();
  const stream: StreamSource = {
    hub,
    eventsAfter: (userId, seq) => repo.eventsAfter(userId, seq),
    shutdown: shutdown.signal,
  };
  return { service, stream, closeStreams: () => shutdown.abort() };
}

import type { CreateGenerationInput, Generation } from '@baegen/shared';
import type { Clock } from '../../../lib/clock';
import { newId } from '../../../lib/ids';
import type { JobQueue } from '../../jobs/job-queue.port';
import type { VideoProvider } from '../providers/ports';
import { GenerationEventsHub } from './generation-events.hub';
import type { StreamSource } from './generation-events.stream';
import { GenerationRunner, type ImageJobs } from './generation.runner';
import type { GenerationsRepository } from './generations.repository';
import { GENERATION_JOB, type GenerationJobPayload, GenerationsService } from './generations.service';
import { RunningJobs } from './running-jobs';
import type { VideoJobDeps } from './run-video';

export interface GenerationJobsDeps {
  repo: GenerationsRepository;
  queue: JobQueue;
  clock: Clock;
  images: ImageJobs & { providerName: string };
  video: VideoProvider;
  characterImage: VideoJobDeps['characterImage'];
  storeClip: VideoJobDeps['storeClip'];
  saveMedia: VideoJobDeps['saveMedia'];
  checkPrompt(prompt: string): void;
  maxActive: number;
  videoTimeoutMs: number;
  videoPollMs: number;
  leaseMs: number;
  onError(error: unknown, context: Record<string, unknown>): void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Generation as durable jobs: the service the routes call, the runner the queue calls, and the
 * hub the event streams listen to, over one repository.
 */
export function createGenerationJobs(deps: GenerationJobsDeps) {
  const { repo } = deps;
  const hub = new GenerationEventsHub();
  const running = new RunningJobs();
  const service = new GenerationsService(repo, deps.queue, hub, running, deps.clock, {
    maxActive: deps.maxActive,
    validate: async (userId: string, input: CreateGenerationInput) => {
      deps.checkPrompt(input.prompt);
      if (input.subject) await deps.images.resolveSubject(userId, input.subject);
      if (input.characterId) await deps.characterImage(userId, input.characterId);
    },
    providerFor: (kind: Generation['kind']) =>
      kind === 'video' ? deps.video.name : deps.images.providerName,
  });
  const runner = new GenerationRunner(
    repo,
    service,
    running,
    deps.images,
    {
      provider: deps.video,
      characterImage: deps.characterImage,
      storeClip: deps.storeClip,
      saveMedia: deps.saveMedia,
      sleep,
      pollMs: deps.videoPollMs,
      timeoutMs: deps.videoTimeoutMs,
    },
    { instanceId: newId(12), leaseMs: deps.leaseMs, clock: deps.clock, onError: deps.onError },
  );
  deps.queue.register<GenerationJobPayload>(GENERATION_JOB, (job) => runner.handle(job));
  const stream: StreamSource = { hub, eventsAfter: (userId, seq) => repo.eventsAfter(userId, seq) };
  return { service, stream };
}

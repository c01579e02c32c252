import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CreateGenerationInput,
  type Generation,
  type GenerationList,
  type GenerationListQuery,
  type GenerationCapabilities,
  type GenerationProgress,
  API_MESSAGES,
  isActiveGeneration,
} from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { JobQueue } from '../queue';
import type { GenerationEventsHub } from './events/generation-events.hub';
import { checkOptions, chosenOptions, optionsOf, outputsOf } from './generation-options';
import type { GenerationPatch, GenerationRepository, GenerationRow } from './generation.repository';
import { violatesMinorPolicy } from './prompt-policy';
import type { ProviderWork } from './provider-work';
import type { RunningJobs } from './running-jobs';
import type { SubjectResolver } from './subject-resolver';

export const GENERATION_JOB = 'generation';

export interface GenerationJobPayload {
  [key: string]: unknown;
  userId: string;
  generationId: string;
}

export interface GenerationDeps {
  repo: GenerationRepository;
  queue: JobQueue;
  hub: GenerationEventsHub;
  running: RunningJobs;
  clock: Clock;
  work: Pick<ProviderWork, 'improvePrompt'>;
  subjects: Pick<SubjectResolver, 'resolve'>;
  /** The user's character by id; 404 when the user has none such. */
  characters: { get(userId: string, id: string): Promise<unknown> };
  maxActive: number;
  /** What the image provider can do: a job asking for more is refused. */
  capabilities: GenerationCapabilities;
  /** The provider a kind of job runs on, recorded with the job. */
  providerFor(kind: Generation['kind']): string;
  /** Told of every job that ends here. */
  onFinished(userId: string, job: Generation): void;
}

/** Refuses text that sexualises minors (422 PROMPT_REFUSED) before any provider sees it. */
function checkPolicy(text: string) {
  if (violatesMinorPolicy(text))
    throw new AppError(422, 'PROMPT_REFUSED', API_MESSAGES.service.promptRefused);
}

/** Replay events are kept this long: far longer than any stream stays away and comes back. */
const EVENT_RETENTION_MS = 24 * 3_600_000;
/** How long a caller at the active-job cap is asked to wait: about one demo or image job. */
const ACTIVE_RETRY_AFTER_SECONDS = 5;
/** How often a waiting synchronous call reads its job again, should an event go astray. */
const WAIT_RECHECK_MS = 1000;
const INITIAL_PROGRESS: GenerationProgress = {
  phase: 'queued',
  percent: null,
  queuePosition: null,
  etaSeconds: null,
};
const parseList = (value: string): string[] => JSON.parse(value) as string[];

export function toGeneration(row: GenerationRow): Generation {
  return {
    $id: row.id,
    kind: row.kind,
    status: row.status,
    progress: {
      phase: row.phase,
      percent: row.percent,
      queuePosition: row.queue_position,
      etaSeconds: row.eta_seconds,
    },
    prompt: row.prompt,
    characterId: row.character_id,
    options: { outputs: row.outputs_requested, ...optionsOf(row) },
    outputs: parseList(row.outputs),
    mediaIds: parseList(row.media_ids),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/**
 * Every generation is a job: created here (its input checked once, here), run by the runner on
 * whichever instance takes it, read and cancelled here, each change announced on the owner's
 * stream.
 */
export class GenerationService {
  private readonly repo: GenerationRepository;

  constructor(private readonly deps: GenerationDeps) {
    this.repo = deps.repo;
  }

  private now() {
    return this.deps.clock().toISOString();
  }

  /** Refuses what cannot run (the prompt policy, a foreign subject or character) before it is queued. */
  private async validate(userId: string, input: CreateGenerationInput): Promise<void> {
    checkPolicy(input.prompt);
    if (input.negativePrompt) checkPolicy(input.negativePrompt);
    checkOptions(this.deps.capabilities, input);
    if (input.subject) await this.deps.subjects.resolve(userId, input.subject);
    if (input.characterId) await this.deps.characters.get(userId, input.characterId);
  }

  /** Prompt improvement is a quick answer, not a job: it makes no file to keep. */
  async improvePrompt(appearance: string, signal: AbortSignal): Promise<string> {
    checkPolicy(appearance);
    return this.deps.work.improvePrompt(appearance, signal);
  }

  async create(userId: string, input: CreateGenerationInput): Promise<Generation> {
    await this.validate(userId, input);
    const chosen = chosenOptions(input);
    const now = this.now();
    const row: GenerationRow = {
      id: newId(),
      user_id: userId,
      kind: input.kind,
      status: 'queued',
      prompt: input.prompt.trim(),
      character_id: input.characterId ?? null,
      subject: input.subject ?? null,
      outputs_requested: outputsOf(this.deps.capabilities, input),
      // A video job with options was refused above: only image jobs keep any.
      options: chosen ? JSON.stringify(chosen) : null,
      phase: INITIAL_PROGRESS.phase,
      percent: null,
      queue_position: null,
      eta_seconds: null,
      outputs: '[]',
      media_ids: '[]',
      error_code: null,
      error_message: null,
      provider: this.deps.providerFor(input.kind),
      provider_job_id: null,
      lease_owner: null,
      lease_expires_at: null,
      created_at: now,
      started_at: null,
      finished_at: null,
      updated_at: now,
    };
    const active = await this.repo.insertUnderCap(row, this.deps.maxActive);
    if (active !== null) {
      throw new AppError(
        429,
        'TOO_MANY_ACTIVE_GENERATIONS',
        `You already have ${active} generations running. Wait for one to finish or cancel it.`,
        ACTIVE_RETRY_AFTER_SECONDS,
      );
    }
    const job = toGeneration(row);
    await this.announce(userId, job);
    await this.enqueue(userId, row.id);
    return job;
  }

  /**
   * The synchronous routes' way through the pipeline: the job is created like any other and the
   * answer waits for it to finish, woken by its events (from any instance) or a periodic re-read.
   * A caller that goes away cancels the job.
   */
  async createAndWait(
    userId: string,
    input: CreateGenerationInput,
    signal: AbortSignal,
  ): Promise<Generation> {
    let jobId: string | null = null;
    let wake = new AbortController();
    const unsubscribe = this.deps.hub.subscribe(userId, (event) => {
      if (event.job.$id === jobId) wake.abort();
    });
    try {
      jobId = (await this.create(userId, input)).$id;
      for (;;) {
        wake = new AbortController();
        const job = await this.get(userId, jobId);
        if (!isActiveGeneration(job)) return job;
        if (signal.aborted) {
          await this.cancel(userId, jobId).catch(() => undefined);
          throw signal.reason;
        }
        await sleep(WAIT_RECHECK_MS, undefined, { signal: AbortSignal.any([signal, wake.signal]) }).catch(
          () => undefined,
        );
      }
    } finally {
      unsubscribe();
    }
  }

  /** `key` defaults to the job's id; a recovery passes a fresh one past a dead worker's lock. */
  private async enqueue(userId: string, generationId: string, key = generationId): Promise<void> {
    const payload: GenerationJobPayload = { userId, generationId };
    await this.deps.queue.enqueue(GENERATION_JOB, payload, { key });
  }

  async get(userId: string, id: string): Promise<Generation> {
    return toGeneration(await this.row(userId, id));
  }

  async row(userId: string, id: string): Promise<GenerationRow> {
    const row = await this.repo.get(userId, id);
    if (!row) throw AppError.notFound('Generation not found', 'GENERATION_NOT_FOUND');
    return row;
  }

  async list(
    userId: string,
    query: GenerationListQuery & { status?: 'active' | 'finished' },
  ): Promise<GenerationList> {
    const page = await this.repo.list(userId, query.status, query);
    return { ...page, documents: page.documents.map(toGeneration) };
  }

  /**
   * Cancels a queued or running job; the worker running it sees the status and stops. A video job
   * that has already saved its media record is as good as finished: 409.
   */
  async cancel(userId: string, id: string): Promise<Generation> {
    const now = this.now();
    const row = await this.repo.cancel(userId, id, {
      status: 'cancelled',
      phase: 'cancelled',
      finished_at: now,
      updated_at: now,
    });
    if (!row) {
      await this.row(userId, id);
      throw new AppError(409, 'GENERATION_FINISHED', 'This generation has already finished.');
    }
    this.deps.running.abort(id);
    const job = toGeneration(row);
    await this.announce(userId, job);
    return job;
  }

  /**
   * Housekeeping run on an interval: queues again the active jobs nobody works on (a worker that
   * died, a crash between saving a job and queuing it) and drops replay events older than a day,
   * which no reconnecting stream needs. Answers how many jobs it queued again.
   */
  async maintain(staleAfterMs: number): Promise<number> {
    const now = this.deps.clock();
    const rows = await this.repo.orphaned(
      now.toISOString(),
      new Date(now.getTime() - staleAfterMs).toISOString(),
    );
    // A fresh key: graphile-worker keeps a killed worker's job, and so its key, locked for hours.
    for (const row of rows) await this.enqueue(row.user_id, row.id, `${row.id}:${now.getTime()}`);
    await this.repo.pruneEvents(new Date(now.getTime() - EVENT_RETENTION_MS).toISOString());
    return rows.length;
  }

  /** Applies a transition for the worker and announces it; undefined when the job moved on. */
  async update(
    userId: string,
    id: string,
    from: readonly GenerationRow['status'][],
    patch: GenerationPatch,
  ): Promise<Generation | undefined> {
    const row = await this.repo.transition(userId, id, from, { ...patch, updated_at: this.now() });
    if (!row) return undefined;
    const job = toGeneration(row);
    await this.announce(userId, job);
    return job;
  }

  private async announce(userId: string, job: Generation): Promise<void> {
    const seq = await this.repo.appendEvent(userId, job.$id, JSON.stringify(job), this.now());
    this.deps.hub.publish(userId, { seq, job });
    if (!isActiveGeneration(job)) this.deps.onFinished(userId, job);
  }
}

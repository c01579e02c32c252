import { API_MESSAGES, styledPrompt } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { isDatabaseUnavailable } from '../../errors/database-errors';
import { StorageUnavailableError } from '../../errors/domain-errors';
import type { Clock } from '../../lib/clock';
import { type JobContext, RetryableJobError } from '../queue';
import type { GenerationProvenance } from './generation-provenance';
import type { GenerationPatch, GenerationRepository, GenerationRow } from './generation.repository';
import { optionsOf } from './generation-options';
import type { GenerationJobPayload, GenerationService } from './generation.service';
import type { ProviderWork } from './provider-work';
import { ProviderError } from './providers/ports';
import type { RunningJobs } from './running-jobs';
import { GenerationCancelled, followProviderJob } from './provider-job';
import { type VideoJobDeps, runVideo } from './run-video';
import type { SubjectResolver } from './subject-resolver';

export interface RunnerOptions {
  instanceId: string;
  leaseMs: number;
  /** How often an image job on the vendor's side is polled, and how long it may take. */
  imagePollMs: number;
  imageTimeoutMs: number;
  clock: Clock;
  onError(error: unknown, context: Record<string, unknown>): void;
}

const ACTIVE = ['queued', 'running'] as const;

/** The code and message a job records for an error meant for users; null for anything else. */
function failureOf(error: unknown): { code: string; message: string } | null {
  if (error instanceof AppError || error instanceof StorageUnavailableError) return error;
  return null;
}

/** Executes one generation job under a lease on its row; the queue calls `handle`. */
export class GenerationRunner {
  constructor(
    private readonly repo: GenerationRepository,
    private readonly service: GenerationService,
    private readonly running: RunningJobs,
    private readonly work: Pick<ProviderWork, 'image' | 'character' | 'imageJob' | 'imageJobs'>,
    private readonly subjects: Pick<SubjectResolver, 'resolve'>,
    private readonly provenance: Pick<GenerationProvenance, 'record'>,
    private readonly video: Omit<VideoJobDeps, 'update' | 'now' | 'recordOutput'>,
    private readonly options: RunnerOptions,
  ) {}

  private iso(offsetMs = 0) {
    return new Date(this.options.clock().getTime() + offsetMs).toISOString();
  }

  /** Takes or renews this instance's lease on the job; undefined when another holds it or it is over. */
  private lease(userId: string, id: string) {
    return this.repo.lease(userId, id, this.options.instanceId, this.iso(), this.iso(this.options.leaseMs));
  }

  async handle(job: JobContext<GenerationJobPayload>): Promise<void> {
    const { userId, generationId: id } = job.payload;
    const leased = await this.lease(userId, id);
    if (!leased) {
      const row = await this.repo.get(userId, id);
      // Finished or cancelled: nothing to do. Still active: another worker holds it; look again later.
      if (row && (ACTIVE as readonly string[]).includes(row.status))
        throw new RetryableJobError('leased elsewhere');
      return;
    }
    const controller = this.running.track(id);
    // One renewal at a time, and the last awaited before the lease is released: a renewal still on
    // its way would take the lease back after the release, and the next worker would wait it out.
    let renewal = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewal = renewal.then(() => this.renew(userId, id, controller));
    }, this.options.leaseMs / 3);
    heartbeat.unref();
    const signal = AbortSignal.any([job.signal, controller.signal]);
    try {
      const started = await this.service.update(userId, id, ACTIVE, {
        status: 'running',
        phase: leased.provider_job_id ? 'resuming' : 'starting',
        started_at: leased.started_at ?? this.iso(),
      });
      if (!started) return;
      const result = await this.execute(leased, signal);
      await this.service.update(userId, id, ['running'], {
        status: 'succeeded',
        phase: 'done',
        percent: 100,
        queue_position: null,
        eta_seconds: 0,
        outputs: JSON.stringify(result.outputs),
        media_ids: JSON.stringify(result.mediaIds),
        finished_at: this.iso(),
      });
    } catch (error) {
      await this.settleFailure(userId, id, error, job.signal);
    } finally {
      clearInterval(heartbeat);
      await renewal;
      this.running.release(id);
      await this.repo.releaseLease(userId, id, this.options.instanceId);
    }
  }

  private async execute(row: GenerationRow, signal: AbortSignal) {
    if (row.kind === 'video') {
      return runVideo(
        row,
        {
          ...this.video,
          update: (patch) => this.progress(row, patch),
          now: () => this.options.clock().getTime(),
          recordOutput: (output) => this.provenance.record(row.user_id, row.id, [output]),
        },
        signal,
      );
    }
    // The job was checked when it was created; only the subject's bytes are fetched now.
    const request = this.imageRequest(row);
    const stored = this.work.imageJobs
      ? await this.followImageJob(row, signal)
      : row.kind === 'character'
        ? await this.work.character(
            row.user_id,
            { ...request, subject: await this.subjects.resolve(row.user_id, row.subject ?? '') },
            signal,
          )
        : await this.work.image(row.user_id, request, signal);
    // Before the job succeeds: its outputs can be saved as media from then on.
    await this.provenance.record(row.user_id, row.id, stored);
    return { outputs: stored.map((output) => output.url), mediaIds: [] };
  }

  /**
   * What the provider is asked: the prompt with the style's words, the count and shape, and where
   * an in-process provider reports its steps (written one at a time, in order, as they come).
   */
  private imageRequest(row: GenerationRow) {
    const { style, aspectRatio, negativePrompt } = optionsOf(row);
    let written = Promise.resolve();
    const onProgress = (percent: number, etaSeconds: number | null) => {
      written = written
        .then(() => this.progress(row, { phase: 'generating', percent, eta_seconds: etaSeconds }))
        .then(() => undefined);
    };
    return {
      prompt: styledPrompt(row.prompt, style),
      outputs: row.outputs_requested,
      aspectRatio,
      negativePrompt,
      onProgress,
    };
  }

  private followImageJob(row: GenerationRow, signal: AbortSignal) {
    const jobs = this.work.imageJobs!;
    const kind = row.kind === 'character' ? 'character' : 'image';
    // Failures the provider work answers with the kind's own code and message.
    const failed = () => new ProviderError(`The ${kind} job of ${row.id} failed or ran out of time`);
    return this.work.imageJob(row.user_id, kind, signal, (s) =>
      followProviderJob(
        {
          provider: jobs,
          providerJobId: row.provider_job_id,
          input: async () => {
            const { prompt, outputs, aspectRatio, negativePrompt } = this.imageRequest(row);
            const subject =
              kind === 'character' ? await this.subjects.resolve(row.user_id, row.subject ?? '') : null;
            return { prompt, subject, outputs, aspectRatio, negativePrompt };
          },
          submitted: (id) => this.progress(row, { provider_job_id: id, phase: 'submitted' }),
          update: (patch) => this.progress(row, patch),
          now: () => this.options.clock().getTime(),
          sleep: this.video.sleep,
          pollMs: this.options.imagePollMs,
          deadline: Date.parse(row.started_at ?? row.created_at) + this.options.imageTimeoutMs,
          failed,
          timedOut: failed,
        },
        s,
      ),
    );
  }

  private async progress(row: GenerationRow, patch: GenerationPatch): Promise<boolean> {
    return (await this.service.update(row.user_id, row.id, ['running'], patch)) !== undefined;
  }

  /** Keeps the lease while the job runs; a job that was cancelled (here or elsewhere) is stopped. */
  private async renew(userId: string, id: string, controller: AbortController) {
    try {
      const row = await this.lease(userId, id);
      if (!row) controller.abort(new GenerationCancelled());
    } catch (error) {
      this.options.onError(error, { generationId: id, during: 'lease renewal' });
    }
  }

  private async settleFailure(userId: string, id: string, error: unknown, queueSignal: AbortSignal) {
    // Nothing is wrong with the job: the queue runs it again once the database is back.
    if (isDatabaseUnavailable(error)) throw error;
    const row = await this.repo.get(userId, id);
    if (!row) return;
    if (row.status === 'cancelled') {
      const vendor = row.kind === 'video' ? this.video.provider : this.work.imageJobs;
      if (vendor && row.provider_job_id) {
        await vendor
          .cancel(row.provider_job_id)
          .catch((cause: unknown) =>
            this.options.onError(cause, { generationId: id, during: 'provider cancel' }),
          );
      }
      return;
    }
    // The worker is stopping: the job goes back to the queue and resumes on the next worker.
    if (queueSignal.aborted) throw new RetryableJobError('worker stopped', { cause: error });
    const failure = failureOf(error);
    if (!failure) this.options.onError(error, { generationId: id });
    const { code, message } = failure ?? {
      code: 'GENERATION_FAILED',
      message: API_MESSAGES.media.generateFailed,
    };
    await this.service.update(userId, id, ACTIVE, {
      status: 'failed',
      phase: 'failed',
      error_code: code,
      error_message: message,
      finished_at: this.iso(),
    });
  }
}

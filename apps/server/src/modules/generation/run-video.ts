import { API_MESSAGES } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { GenerationPatch, GenerationRow } from './generation.repository';
import type { StoredOutput } from './provider-work';
import type { SubjectImage, VideoJobState, VideoOutput, VideoProvider } from './providers/ports';

/** What a video job needs from the rest of the server. */
export interface VideoJobDeps {
  provider: VideoProvider;
  /** The character's picture (its URL, and the image the provider animates). */
  characterImage(userId: string, characterId: string): Promise<{ url: string; image: SubjectImage }>;
  /** Copies the clip into our storage (provider URLs expire) and answers our URL. */
  storeClip(userId: string, output: VideoOutput, signal: AbortSignal): Promise<string>;
  /** Keeps what the provider reported of the stored clip, so the gallery record carries it. */
  recordOutput(output: StoredOutput): Promise<void>;
  /** Saves the gallery record under the job's id; saving it again is a no-op. */
  saveMedia(
    userId: string,
    media: { id: string; characterId: string; prompt: string; url: string; thumbnail: string },
  ): Promise<string>;
  /** Writes a change to the job; false once the job is no longer running (cancelled). */
  update(patch: GenerationPatch): Promise<boolean>;
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  pollMs: number;
  timeoutMs: number;
}

export class GenerationCancelled extends Error {
  constructor() {
    super('The generation was cancelled');
    this.name = 'GenerationCancelled';
  }
}

const MAX_POLL_FAILURES = 5;
const failed = () => new AppError(502, 'VIDEO_GENERATION_FAILED', API_MESSAGES.media.generateFailed);

function progressOf(state: VideoJobState): GenerationPatch | null {
  if (state.status === 'queued') {
    return { phase: 'queued', percent: null, queue_position: state.queuePosition, eta_seconds: null };
  }
  if (state.status === 'running') {
    return {
      phase: 'generating',
      percent: state.percent,
      queue_position: null,
      eta_seconds: state.etaSeconds,
    };
  }
  return null;
}

/**
 * Runs (or re-attaches to) a video job: submit once, write the provider's id, poll until the clip
 * is ready, copy it into storage, save the media record. Answers the outputs and media ids.
 */
export async function runVideo(
  row: GenerationRow,
  deps: VideoJobDeps,
  signal: AbortSignal,
): Promise<{ outputs: string[]; mediaIds: string[] }> {
  const characterId = row.character_id ?? '';
  const character = await deps.characterImage(row.user_id, characterId);
  let providerJobId = row.provider_job_id;
  if (!providerJobId) {
    providerJobId = await deps.provider.submit({ prompt: row.prompt, image: character.image }, signal);
    // The subject is the picture animated, kept with the job as the clip's provenance.
    const submitted = { provider_job_id: providerJobId, phase: 'submitted', subject: character.url };
    if (!(await deps.update(submitted))) {
      await deps.provider.cancel(providerJobId).catch(() => undefined);
      throw new GenerationCancelled();
    }
  }
  const deadline = Date.parse(row.started_at ?? row.created_at) + deps.timeoutMs;
  let last = '';
  let failures = 0;
  for (;;) {
    signal.throwIfAborted();
    let state: VideoJobState;
    try {
      state = await deps.provider.status(providerJobId, signal);
      failures = 0;
    } catch (error) {
      if (signal.aborted || (failures += 1) >= MAX_POLL_FAILURES) throw error;
      await deps.sleep(deps.pollMs, signal);
      continue;
    }
    if (state.status === 'succeeded') {
      await deps.update({ phase: 'storing', percent: 100, queue_position: null, eta_seconds: 0 });
      const url = await deps.storeClip(row.user_id, state.output, signal);
      await deps.recordOutput({ url, details: state.output.details ?? {} });
      // From here the job is as good as done: a cancel that came first wins and nothing is saved;
      // once this is written, a cancel is refused (the media record is the user's).
      if (!(await deps.update({ phase: 'saving', media_ids: JSON.stringify([row.id]) }))) {
        throw new GenerationCancelled();
      }
      const mediaId = await deps.saveMedia(row.user_id, {
        id: row.id,
        characterId,
        prompt: row.prompt,
        url,
        thumbnail: character.url,
      });
      return { outputs: [url], mediaIds: [mediaId] };
    }
    if (state.status === 'failed') throw failed();
    if (state.status === 'cancelled') throw new GenerationCancelled();
    const progress = progressOf(state);
    const key = JSON.stringify(progress);
    if (progress && key !== last) {
      last = key;
      if (!(await deps.update(progress))) throw new GenerationCancelled();
    }
    if (deps.now() >= deadline) {
      await deps.provider.cancel(providerJobId).catch(() => undefined);
      throw new AppError(504, 'GENERATION_TIMEOUT', API_MESSAGES.media.generateFailed);
    }
    await deps.sleep(deps.pollMs, signal);
  }
}

import { API_MESSAGES } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { GenerationPatch, GenerationRow } from './generation.repository';
import type { StoredOutput } from './provider-work';
import { GenerationCancelled, followProviderJob } from './provider-job';
import type { SubjectImage, VideoOutput, VideoProvider } from './providers/ports';

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

const failed = () => new AppError(502, 'VIDEO_GENERATION_FAILED', API_MESSAGES.media.generateFailed);
const timedOut = () => new AppError(504, 'GENERATION_TIMEOUT', API_MESSAGES.media.generateFailed);

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
  const output = await followProviderJob(
    {
      provider: deps.provider,
      providerJobId: row.provider_job_id,
      input: async () => ({ prompt: row.prompt, image: character.image }),
      // The subject is the picture animated, kept with the job as the clip's provenance.
      submitted: (id) => deps.update({ provider_job_id: id, phase: 'submitted', subject: character.url }),
      update: deps.update,
      now: deps.now,
      sleep: deps.sleep,
      pollMs: deps.pollMs,
      deadline: Date.parse(row.started_at ?? row.created_at) + deps.timeoutMs,
      failed,
      timedOut,
    },
    signal,
  );
  await deps.update({ phase: 'storing', percent: 100, queue_position: null, eta_seconds: 0 });
  const url = await deps.storeClip(row.user_id, output, signal);
  await deps.recordOutput({ url, details: output.details ?? {} });
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

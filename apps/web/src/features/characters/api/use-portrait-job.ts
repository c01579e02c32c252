import { useEffect, useEffectEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { type CreateGenerationInput, type Generation, MESSAGES, isActiveGeneration } from '@baegen/shared';
import { useGenerationJob } from '../../generations';

export interface PortraitJob {
  /** The job while it runs, once read. */
  job: Generation | undefined;
  /** A job is being started, read back from the URL, or runs. */
  running: boolean;
  cancelling: boolean;
  /** Every picture of the last job that made several, to choose the portrait from. */
  choices: string[];
  start: (prompt: string, options?: PortraitOptions) => void;
  cancel: () => void;
}

/** The image options a portrait job may ask for. */
export type PortraitOptions = Pick<
  CreateGenerationInput,
  'outputs' | 'aspectRatio' | 'style' | 'negativePrompt'
>;

export interface PortraitJobHandlers {
  /**
   * The job made a picture: its stored URL. `live` when the form saw the job run, so its end is
   * news; a job that had ended before the form read it only puts its picture back.
   */
  onGenerated: (url: string, live: boolean) => void;
  /** The job could not start (`error` is why), or ended without a picture while watched (null). */
  onFailed: (error: unknown) => void;
}

/**
 * The portrait as a generation job, kept in the URL (`?portraitJob=<id>`) so that a reload, the
 * header's list or a toast's link shows its progress again and the picture still arrives. The id
 * stays after the job ends, as the media form's does: nothing navigates when a job ends (that could
 * pull back a person who just left the page), and a reload brings the picture back. A failure that
 * happened before the form read the job is left alone, and a cancel is quiet: the person's own doing.
 */
export function usePortraitJob(
  characterId: string | undefined,
  { onGenerated, onFailed }: PortraitJobHandlers,
): PortraitJob {
  const tracked = useGenerationJob('portrait');
  const { job } = tracked;
  // The job seen running here, and the last one whose end was handled (once, though an effect
  // may run twice for it).
  const watched = useRef<string | null>(null);
  const settled = useRef<string | null>(null);
  const [choices, setChoices] = useState<string[]>([]);

  const observe = useEffectEvent((seen: Generation) => {
    if (isActiveGeneration(seen)) {
      watched.current = seen.$id;
      return;
    }
    if (settled.current === seen.$id) return;
    settled.current = seen.$id;
    const live = watched.current === seen.$id;
    const url = seen.status === 'succeeded' ? seen.outputs[0] : undefined;
    setChoices(url && seen.outputs.length > 1 ? seen.outputs : []);
    if (url) onGenerated(url, live);
    else if (live && seen.status !== 'cancelled') onFailed(null);
  });
  useEffect(() => {
    if (job) observe(job);
  }, [job]);

  const active = job && isActiveGeneration(job) ? job : undefined;
  return {
    job: active,
    running: tracked.create.isPending || tracked.loading || !!active,
    cancelling: tracked.cancel.isPending,
    choices,
    start: (prompt, options = {}) =>
      tracked.create.mutate(
        // Without a count the server makes one picture, the first of any is the portrait.
        { kind: 'image', prompt, characterId, ...options },
        { onSuccess: (created) => tracked.follow(created.$id), onError: onFailed },
      ),
    cancel: () => {
      if (!active) return;
      tracked.cancel.mutate(active.$id, {
        onError: (error) => {
          console.error(MESSAGES.generations.cancelFailed, error);
          toast.error(MESSAGES.generations.cancelFailed);
        },
      });
    },
  };
}

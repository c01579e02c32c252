import { useEffect, useEffectEvent, useRef } from 'react';
import toast from 'react-hot-toast';
import { type Generation, MESSAGES, isActiveGeneration } from '@baegen/shared';
import { useGenerationJob } from '../../generations';

export interface PortraitJob {
  /** The job while it runs, once read. */
  job: Generation | undefined;
  /** A job is being started, read back from the URL, or runs. */
  running: boolean;
  cancelling: boolean;
  start: (prompt: string) => void;
  cancel: () => void;
}

export interface PortraitJobHandlers {
  /** The job made a picture: its stored URL. */
  onGenerated: (url: string) => void;
  /** The job could not start (`error` is why), or ended without a picture (`error` is null). */
  onFailed: (error: unknown) => void;
}

/**
 * The portrait as a generation job, kept in the URL (`?portraitJob=<id>`) so that a reload, the
 * header's list or a toast's link shows its progress again and the picture still arrives. A
 * cancelled job ends quietly: that was the person's own doing.
 */
export function usePortraitJob(
  characterId: string | undefined,
  { onGenerated, onFailed }: PortraitJobHandlers,
): PortraitJob {
  const tracked = useGenerationJob('portrait');
  const { job, forget } = tracked;
  // A job already ended when read is settled once, though an effect may run twice for it.
  const settled = useRef<string | null>(null);

  const settle = useEffectEvent((ended: Generation) => {
    if (settled.current === ended.$id) return;
    settled.current = ended.$id;
    forget();
    if (ended.status === 'cancelled') return;
    const url = ended.status === 'succeeded' ? ended.outputs[0] : undefined;
    if (url) onGenerated(url);
    else onFailed(null);
  });
  useEffect(() => {
    if (job && !isActiveGeneration(job)) settle(job);
  }, [job]);

  const active = job && isActiveGeneration(job) ? job : undefined;
  return {
    job: active,
    running: tracked.create.isPending || tracked.loading || !!active,
    cancelling: tracked.cancel.isPending,
    start: (prompt) =>
      tracked.create.mutate(
        // The server makes one picture for an image job and takes no `outputs` for it.
        { kind: 'image', prompt, characterId },
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

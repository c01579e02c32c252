import { useState } from 'react';
import { Loader2, RotateCcw, X } from 'lucide-react';
import toast from 'react-hot-toast';
import { type Generation, MEDIA_TITLE_PREVIEW, MESSAGES, isActiveGeneration, truncate } from '@baegen/shared';
import type { CharacterOption } from '../../../api/characters.queries';
import {
  GenerationProgress,
  useActiveGenerations,
  useCreateGeneration,
  useFailedVideos,
} from '../../generations';
import { Button } from '../../../components/ui/button';
import { MediaTypeBadge } from '../../../components/ui/media-type-badge';
import { ApiRequestError } from '../../../lib/api-client';

function PendingVideoCard({
  job,
  character,
  retrying,
  onRetry,
  onDismiss,
}: {
  job: Generation;
  character: CharacterOption | undefined;
  retrying: boolean;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const failed = job.status === 'failed';
  return (
    <article
      className="card flex flex-col overflow-hidden"
      data-testid="pending-video-card"
      data-status={job.status}
      aria-busy={!failed || undefined}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-ink-850">
        {character?.imageUrl ? (
          <img
            src={character.imageUrl}
            alt=""
            className="absolute inset-0 size-full object-cover opacity-40"
          />
        ) : null}
        <div className="absolute inset-0 grid place-items-center">
          {failed ? null : <Loader2 className="size-10 animate-spin text-white" aria-hidden />}
        </div>
        <MediaTypeBadge type="video" />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h2 className="line-clamp-2 text-base font-semibold break-words text-ink-100" title={job.prompt}>
          {truncate(job.prompt, MEDIA_TITLE_PREVIEW)}
        </h2>
        {character ? <p className="mt-1 truncate text-sm text-rose-glow">{character.name}</p> : null}
        <div className="mt-auto pt-4">
          {failed ? (
            <div className="space-y-3">
              <p role="alert" className="text-sm text-red-400">
                {MESSAGES.generations.videoFailed}
              </p>
              <div className="flex gap-2">
                <Button size="sm" className="flex-1" onClick={onRetry} loading={retrying} icon={RotateCcw}>
                  Retry
                </Button>
                <Button size="sm" variant="secondary" onClick={onDismiss} aria-label="Dismiss" icon={X} />
              </div>
            </div>
          ) : (
            <GenerationProgress job={job} />
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * Videos still being made, as cards in the gallery's own size: each turns into the real card when its
 * job succeeds (the media list is refetched then), or offers "Retry" when it fails.
 */
export function PendingVideos({
  characters,
  gridClassName,
}: {
  characters: CharacterOption[];
  gridClassName: string;
}) {
  const active = useActiveGenerations().data?.documents ?? [];
  const failed = useFailedVideos((state) => state.jobs);
  const removeFailed = useFailedVideos((state) => state.remove);
  const create = useCreateGeneration();
  const [retryingId, setRetryingId] = useState<string | null>(null);
  const jobs = [...active.filter((job) => job.kind === 'video' && isActiveGeneration(job)), ...failed];
  if (jobs.length === 0) return null;

  const retry = (job: Generation) => {
    setRetryingId(job.$id);
    create.mutate(
      { kind: 'video', prompt: job.prompt, characterId: job.characterId ?? undefined },
      {
        onSuccess: () => removeFailed(job.$id),
        onSettled: () => setRetryingId(null),
        onError: (error) =>
          toast.error(
            error instanceof ApiRequestError && error.status === 429
              ? error.message
              : MESSAGES.media.generateFailed,
          ),
      },
    );
  };

  return (
    <section aria-label="Videos in progress" className={`${gridClassName} mb-6`}>
      {jobs.map((job) => (
        <PendingVideoCard
          key={job.$id}
          job={job}
          character={characters.find((option) => option.$id === job.characterId)}
          retrying={retryingId === job.$id}
          onRetry={() => retry(job)}
          onDismiss={() => removeFailed(job.$id)}
        />
      ))}
    </section>
  );
}

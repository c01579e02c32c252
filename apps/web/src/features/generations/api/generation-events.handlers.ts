import type { QueryClient } from '@tanstack/react-query';
import { type Generation, type GenerationList, isActiveGeneration } from '@baegen/shared';
import { mediaKeys } from '../../../api/media.queries';
import { announceFinished } from '../components/generation-toasts';
import { useFailedVideos } from '../failed-videos.store';
import type { FormTells } from '../generation-forms';
import {
  fetchActiveGenerations,
  fetchGeneration,
  generationKeys,
  refreshUnsavedGenerations,
  storeGeneration,
} from './generations.queries';

// What the client does with each job update of the event stream, and after the stream was down.

const onForm = new Map<string, { tells: FormTells; count: number }>();

/**
 * A form shows this job: what it `tells` of the job's end is said there rather than toasted.
 * Returns the undo.
 */
export function showGenerationOnForm(id: string, tells: FormTells): () => void {
  onForm.set(id, { tells, count: (onForm.get(id)?.count ?? 0) + 1 });
  return () => {
    const shown = onForm.get(id);
    if (shown && shown.count > 1) onForm.set(id, { ...shown, count: shown.count - 1 });
    else onForm.delete(id);
  };
}

function knownJob(client: QueryClient, id: string): Generation | undefined {
  return (
    client.getQueryData<Generation>(generationKeys.detail(id)) ??
    client.getQueryData<GenerationList>(generationKeys.active)?.documents.find((job) => job.$id === id)
  );
}

/** One update of a job: every cached view of it changes; a job seen running that ended is announced. */
export function applyGenerationEvent(client: QueryClient, job: Generation): void {
  const previous = knownJob(client, job.$id);
  storeGeneration(client, job);
  if (isActiveGeneration(job) || !previous || !isActiveGeneration(previous)) return;
  if (job.kind === 'video' && job.status === 'succeeded') {
    void client.invalidateQueries({ queryKey: mediaKeys.all });
  }
  if (job.kind !== 'video' && job.status === 'succeeded') void refreshUnsavedGenerations(client);
  if (job.kind === 'video' && job.status === 'failed') useFailedVideos.getState().add(job);
  announceFinished(job, onForm.get(job.$id)?.tells ?? null);
}

/**
 * After the stream was down: the active list again, and each job that was running and is no longer
 * in it read on its own, so its end is handled as if its event had come.
 */
export async function resyncGenerations(client: QueryClient): Promise<void> {
  const followed = new Set<string>();
  client
    .getQueryData<GenerationList>(generationKeys.active)
    ?.documents.forEach((job) => followed.add(job.$id));
  for (const [, job] of client.getQueriesData<Generation>({ queryKey: [...generationKeys.all, 'detail'] })) {
    if (job && isActiveGeneration(job)) followed.add(job.$id);
  }
  const list = await fetchActiveGenerations();
  const active = new Set(list.documents.map((job) => job.$id));
  const ended = await Promise.all([...followed].filter((id) => !active.has(id)).map(fetchGeneration));
  ended.forEach((job) => applyGenerationEvent(client, job));
  list.documents.forEach((job) => applyGenerationEvent(client, job));
  client.setQueryData(generationKeys.active, list);
}

/** Signed out: the jobs go, so the next wallet signing in on this tab never sees them. */
export function forgetGenerations(client: QueryClient): void {
  client.removeQueries({ queryKey: generationKeys.all });
  useFailedVideos.setState({ jobs: [] });
}

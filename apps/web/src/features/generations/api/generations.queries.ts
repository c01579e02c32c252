import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateGenerationInput,
  type Generation,
  type GenerationList,
  LIST_LIMIT,
  isActiveGeneration,
} from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { generationListSchema, generationSchema } from '../../../api/lazy-schemas';

// Every call of /api/generations: the media form, the portrait field, the gallery and the header
// indicator share them.

/** Every key starts with 'generations', so invalidating the root refetches each job on screen. */
export const generationKeys = {
  all: ['generations'] as const,
  active: ['generations', 'active'] as const,
  unsaved: ['generations', 'unsaved'] as const,
  detail: (id: string) => ['generations', 'detail', id] as const,
};

export const GENERATIONS_PATH = '/api/generations';
export const GENERATION_EVENTS_PATH = `${GENERATIONS_PATH}/events`;

function generationPath(id: string): string {
  return `${GENERATIONS_PATH}/${encodeURIComponent(id)}`;
}

export function fetchGeneration(id: string): Promise<Generation> {
  return api(generationPath(id), generationSchema);
}

export function fetchActiveGenerations(): Promise<GenerationList> {
  return api(`${GENERATIONS_PATH}?status=active&limit=${LIST_LIMIT}`, generationListSchema);
}

/** Finished image jobs none of whose pictures has been saved yet (the server's `status=unsaved`). */
export function fetchUnsavedGenerations(): Promise<GenerationList> {
  return api(`${GENERATIONS_PATH}?status=unsaved`, generationListSchema);
}

export function dismissGeneration(id: string): Promise<Generation> {
  return api(`${generationPath(id)}/dismiss`, generationSchema, { method: 'POST' });
}

export function createGeneration(input: CreateGenerationInput): Promise<Generation> {
  return api(GENERATIONS_PATH, generationSchema, { method: 'POST', body: input });
}

export function cancelGeneration(id: string): Promise<Generation> {
  return api(`${generationPath(id)}/cancel`, generationSchema, { method: 'POST' });
}

/** The active list with `job` put in its place: added or replaced while active, taken out once finished. */
export function withActiveJob(list: GenerationList, job: Generation): GenerationList {
  const others = list.documents.filter((item) => item.$id !== job.$id);
  const known = others.length !== list.documents.length;
  if (!isActiveGeneration(job)) {
    return known ? { ...list, total: list.total - 1, documents: others } : list;
  }
  const documents = known
    ? list.documents.map((item) => (item.$id === job.$id ? job : item))
    : [job, ...list.documents];
  return { ...list, total: known ? list.total : list.total + 1, documents };
}

/** Writes a job the server just answered with into every cached view of it. */
export function storeGeneration(client: QueryClient, job: Generation): void {
  client.setQueryData(generationKeys.detail(job.$id), job);
  client.setQueryData<GenerationList>(generationKeys.active, (list) => list && withActiveJob(list, job));
}

/** One job; kept current by the event stream, so it is not refetched on its own. */
export function useGeneration(id: string | null) {
  return useQuery({
    queryKey: generationKeys.detail(id ?? ''),
    queryFn: () => fetchGeneration(id!),
    enabled: !!id,
    staleTime: Infinity,
  });
}

/** The user's queued and running jobs, newest first; kept current by the event stream. */
export function useActiveGenerations() {
  return useQuery({
    queryKey: generationKeys.active,
    queryFn: fetchActiveGenerations,
    staleTime: Infinity,
  });
}

export function useCreateGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createGeneration,
    onSuccess: (job) => storeGeneration(client, job),
  });
}

export function useCancelGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelGeneration,
    onSuccess: (job) => storeGeneration(client, job),
  });
}

export function useUnsavedGenerations() {
  return useQuery({ queryKey: generationKeys.unsaved, queryFn: fetchUnsavedGenerations });
}

/** Lets a job's unsaved results go: its pictures are deleted, and it leaves the header's list. */
export function useDismissGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dismissGeneration,
    onSettled: () => client.invalidateQueries({ queryKey: generationKeys.unsaved }),
  });
}

/** Something was saved: the jobs with unsaved results are asked for again. */
export function refreshUnsavedGenerations(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: generationKeys.unsaved });
}

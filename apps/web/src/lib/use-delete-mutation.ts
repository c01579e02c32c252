import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  partialMatchKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ListResponse } from '@baegen/shared';
import { apiNoContent } from './api-client';

type Pages = InfiniteData<ListResponse<{ $id: string }>, string | null>;

/** Takes the items out of every cached page under `listsKey` that holds them, lowering those totals. */
export function removeFromLists(queryClient: QueryClient, listsKey: QueryKey, ids: readonly string[]): void {
  const gone = new Set(ids);
  queryClient.setQueriesData<Pages>({ queryKey: listsKey }, (data) => {
    if (!data) return data;
    const held = data.pages.reduce(
      (count, page) => count + page.documents.filter((item) => gone.has(item.$id)).length,
      0,
    );
    if (held === 0) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        total: Math.max(0, page.total - held),
        documents: page.documents.filter((item) => !gone.has(item.$id)),
      })),
    };
  });
}

/** Every query but the lists is marked stale (counts, recents, names shown elsewhere). */
export function staleOutsideLists(queryClient: QueryClient, listsKey: QueryKey): Promise<void> {
  return queryClient.invalidateQueries({
    refetchType: 'none',
    predicate: (query) => !partialMatchKey(query.queryKey, listsKey),
  });
}

export interface DeleteMutationOptions {
  /** The item's URL, answered with 204. */
  path: (id: string) => string;
  /** Root of the paged lists the item leaves at once. */
  listsKey: QueryKey;
  /** The item's own cached query, dropped once it is gone. */
  detailKey?: (id: string) => QueryKey;
  messages: { deleted: string; deleteFailed: string };
}

/**
 * Deletes one item by id and says so in a toast. The cached lists are edited in place; every other
 * query (counts, recents, names shown elsewhere) is marked stale and refetches when next shown.
 */
export function useDeleteMutation({ path, listsKey, detailKey, messages }: DeleteMutationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiNoContent(path(id), { method: 'DELETE' }),
    onSuccess: async (_result, id) => {
      toast.success(messages.deleted);
      removeFromLists(queryClient, listsKey, [id]);
      if (detailKey) queryClient.removeQueries({ queryKey: detailKey(id) });
      await staleOutsideLists(queryClient, listsKey);
    },
    onError: (error) => {
      console.error('Delete failed', error);
      toast.error(messages.deleteFailed);
    },
  });
}

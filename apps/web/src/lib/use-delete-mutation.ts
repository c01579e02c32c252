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

/** Takes the item out of every cached page under `listsKey` that holds it, lowering those totals. */
function removeFromLists(queryClient: QueryClient, listsKey: QueryKey, id: string): void {
  queryClient.setQueriesData<Pages>({ queryKey: listsKey }, (data) => {
    if (!data) return data;
    const holds = data.pages.some((page) => page.documents.some((item) => item.$id === id));
    if (!holds) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        total: Math.max(0, page.total - 1),
        documents: page.documents.filter((item) => item.$id !== id),
      })),
    };
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
      removeFromLists(queryClient, listsKey, id);
      if (detailKey) queryClient.removeQueries({ queryKey: detailKey(id) });
      await queryClient.invalidateQueries({
        refetchType: 'none',
        predicate: (query) => !partialMatchKey(query.queryKey, listsKey),
      });
    },
    onError: (error) => {
      console.error('Delete failed', error);
      toast.error(messages.deleteFailed);
    },
  });
}

import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListResponse, Media } from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { mediaKeys } from './media-keys';

export function deleteMedia(id: string) {
  return api<void>(`/api/media/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes one media record; on success the card leaves every cached list at once. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: (_result, id) => {
      queryClient.setQueriesData<InfiniteData<ListResponse<Media>>>(
        { queryKey: mediaKeys.lists() },
        (data) => {
          if (!data) return data;
          const holds = data.pages.some((page) => page.documents.some((media) => media.$id === id));
          if (!holds) return data;
          return {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              total: Math.max(0, page.total - 1),
              documents: page.documents.filter((media) => media.$id !== id),
            })),
          };
        },
      );
      // Counts and recents elsewhere are refetched; the lists above are already right.
      void queryClient.invalidateQueries({
        queryKey: mediaKeys.all,
        predicate: (query) => query.queryKey[1] !== 'list',
      });
    },
  });
}

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LIST_LIMIT, type ListResponse, type Media } from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { type MediaListFilters, mediaKeys } from './media-keys';

export function fetchMediaPage(filters: MediaListFilters, cursor: string | null) {
  const params = new URLSearchParams({ limit: String(LIST_LIMIT) });
  if (filters.search) params.set('search', filters.search);
  if (filters.characterId) params.set('characterId', filters.characterId);
  if (filters.type) params.set('type', filters.type);
  if (cursor) params.set('cursor', cursor);
  return api<ListResponse<Media>>(`/api/media?${params.toString()}`);
}

/** The user's media, newest first, filtered on the server, one page of 100 at a time. */
export function useMediaList(filters: MediaListFilters) {
  return useInfiniteQuery({
    queryKey: mediaKeys.list(filters),
    queryFn: ({ pageParam }) => fetchMediaPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Keep the last grid on screen while another filter's results load.
    placeholderData: keepPreviousData,
  });
}

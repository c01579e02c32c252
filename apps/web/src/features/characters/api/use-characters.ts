import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type Character, type ListResponse } from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { characterKeys } from './character-keys';

export function fetchCharacters(search: string, cursor: string | null) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api<ListResponse<Character>>(`/api/characters${query ? `?${query}` : ''}`);
}

/** The signed-in user's characters, newest first, one server page (100) at a time. */
export function useCharacters(search: string) {
  return useInfiniteQuery({
    queryKey: characterKeys.list(search),
    queryFn: ({ pageParam }) => fetchCharacters(search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Keeps the grid on screen while the next search term loads.
    placeholderData: keepPreviousData,
  });
}

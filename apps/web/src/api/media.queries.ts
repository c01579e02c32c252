import { useQuery } from '@tanstack/react-query';
import { LIST_LIMIT, type ListParams, type ListSort, MEDIA_PATH, type MediaType } from '@baegen/shared';
import { api } from '../lib/api-client';
import { itemPath } from '../lib/list-page';
import { sortParam } from '../lib/list-sort';
import { useListHead } from '../lib/use-list-head';
import { usePagedList } from '../lib/use-paged-list';
import { FIRST_READS } from './first-reads';
import { mediaListSchema, mediaSchema, mediaStatsSchema } from './lazy-schemas';

// Every read of /api/media, for the gallery and the dashboard alike.

export interface MediaListFilters {
  search: string;
  characterId: string;
  type: MediaType | '';
  favorite: boolean;
}

/**
 * Every key starts with 'media', so invalidating ['media'] after a change refreshes the gallery
 * and the dashboard's counts and recents alike.
 */
export const mediaKeys = {
  all: ['media'] as const,
  lists: () => ['media', 'list'] as const,
  list: (filters: MediaListFilters, sort: ListSort) => ['media', 'list', { ...filters, sort }] as const,
  item: (id: string) => ['media', 'item', id] as const,
  stats: ['media', 'stats'] as const,
  recent: ['media', 'recent'] as const,
};

export function mediaPath(id: string): string {
  return itemPath(MEDIA_PATH, id);
}

/** The gallery's list parameters; unfiltered and newest first, they ask for FIRST_READS.gallery. */
function mediaListParams(filters: MediaListFilters, sort: ListSort): ListParams {
  return {
    limit: LIST_LIMIT,
    ...filters,
    favorite: filters.favorite ? 'true' : undefined,
    sort: sortParam(sort),
  };
}

/** The user's media in `sort` order, filtered on the server, one page of 100 at a time. */
export function useMediaList(filters: MediaListFilters, sort: ListSort) {
  return usePagedList({
    queryKey: mediaKeys.list(filters, sort),
    path: MEDIA_PATH,
    schema: mediaListSchema,
    params: mediaListParams(filters, sort),
  });
}

/** One media by id, for the viewer opened on a record the loaded gallery pages do not hold. */
export function useMediaItem(id: string, enabled: boolean) {
  return useQuery({
    queryKey: mediaKeys.item(id),
    queryFn: () => api(mediaPath(id), mediaSchema),
    enabled,
    // A 404 is the answer, not a hiccup: the viewer says so at once.
    retry: false,
  });
}

/** Counts of characters, videos and images, made by the server over everything the user has. */
export function useMediaStats() {
  return useQuery({
    queryKey: mediaKeys.stats,
    queryFn: () => api(FIRST_READS.mediaStats, mediaStatsSchema),
  });
}

/** The newest media, for the dashboard. */
export function useRecentMedia() {
  return useListHead({
    queryKey: mediaKeys.recent,
    url: FIRST_READS.recentMedia,
    schema: mediaListSchema,
  });
}

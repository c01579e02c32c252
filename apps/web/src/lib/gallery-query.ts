import type { MediaListFilters } from '../api/media.queries';
import { FAVORITE_PARAM } from './list-sort';

/**
 * Query parameters of /media: `?q=&character=&type=&favorite=true` (a reload, the back button or a
 * link keep them). The viewer at /media/:id reads the same, to step through that list.
 */
export const FILTER_PARAMS = {
  search: 'q',
  characterId: 'character',
  type: 'type',
  favorite: FAVORITE_PARAM,
} as const;

/** The gallery's query for `filters` (`''` for none), as a link to it or to its viewer carries. */
export function galleryQuery(filters: Partial<MediaListFilters>): string {
  const params = new URLSearchParams();
  for (const [key, param] of Object.entries(FILTER_PARAMS) as [keyof MediaListFilters, string][]) {
    const value = filters[key];
    if (value) params.set(param, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

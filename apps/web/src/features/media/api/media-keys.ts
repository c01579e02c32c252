import type { MediaType } from '@baegen/shared';

export interface MediaListFilters {
  search: string;
  characterId: string;
  type: MediaType | '';
}

/**
 * Every media query starts with 'media', so invalidating ['media'] after a change refreshes the
 * gallery and the dashboard's counts and recents alike.
 */
export const mediaKeys = {
  all: ['media'] as const,
  lists: () => ['media', 'list'] as const,
  list: (filters: MediaListFilters) => ['media', 'list', filters] as const,
};

/** Characters are listed here only to pick from; their root key is shared with the characters pages. */
export const characterOptionsKey = ['characters', 'options'] as const;

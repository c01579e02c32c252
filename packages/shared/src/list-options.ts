/** The orders a list endpoint can answer in, by creation time; `newest` is every list's default. */
export const LIST_SORTS = ['newest', 'oldest'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const DEFAULT_LIST_SORT: ListSort = 'newest';

/** The sort control of the list pages. */
export const SORT_LABELS = {
  control: 'Sort',
  newest: 'Newest first',
  oldest: 'Oldest first',
} as const satisfies { control: string } & Record<ListSort, string>;

/** The star of media and character cards, and the favourites filter of /media and /characters. */
export const FAVORITE_LABELS = {
  add: 'Add to favourites',
  remove: 'Remove from favourites',
  filter: 'Favourites',
  updateFailed: 'Failed to update favourites',
  noFavoriteCharacters: 'None of your characters is starred yet: star one to find it here.',
  showAll: 'Show all',
} as const;

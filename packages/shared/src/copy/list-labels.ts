import type { ListSort } from '../contract/list-options';

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

/** The button of a list or page that could not be loaded. */
export const RETRY_LABEL = 'Try again';

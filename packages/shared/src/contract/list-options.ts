/** The orders a list endpoint can answer in, by creation time; `newest` is every list's default. */
export const LIST_SORTS = ['newest', 'oldest'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const DEFAULT_LIST_SORT: ListSort = 'newest';

import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_LIST_SORT, LIST_SORTS, type ListSort } from '@baegen/shared';

/** The query parameter of a list page's order: `?sort=oldest`; newest first, the default, leaves it out. */
export const SORT_PARAM = 'sort';

export function parseSort(value: string | null): ListSort {
  return LIST_SORTS.find((sort) => sort === value) ?? DEFAULT_LIST_SORT;
}

/** A list page's order, read from and written to the URL, so a reload or a link keeps it. */
export function useSortParam() {
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get(SORT_PARAM));
  const setSort = useCallback(
    (next: ListSort) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_LIST_SORT) updated.delete(SORT_PARAM);
        else updated.set(SORT_PARAM, next);
        return updated;
      }),
    [setParams],
  );
  return { sort, setSort };
}

/** The query parameter of a list page's favourites filter: `?favorite=true`, left out when off. */
export const FAVORITE_PARAM = 'favorite';

/** A list page's favourites filter, read from and written to the URL like its order. */
export function useFavoriteParam() {
  const [params, setParams] = useSearchParams();
  const favorite = params.get(FAVORITE_PARAM) === 'true';
  const setFavorite = useCallback(
    (next: boolean) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(FAVORITE_PARAM, 'true');
        else updated.delete(FAVORITE_PARAM);
        return updated;
      }),
    [setParams],
  );
  return { favorite, setFavorite };
}

/** The `sort` of a list request: left out for the default, so those URLs stay as they were. */
export function sortParam(sort: ListSort): ListSort | undefined {
  return sort === DEFAULT_LIST_SORT ? undefined : sort;
}

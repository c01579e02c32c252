import { useDeferredValue } from 'react';
import { type QueryKey, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ListParams, ListResponse } from '@baegen/shared';
import type { SchemaSource } from './api-client';
import { fetchListPage } from './list-page';

/** What a list page needs of a paged list: its items so far, the server's total and the query state. */
export interface PagedList<T> {
  items: T[];
  total: number;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** The previous search's items are still shown while this one loads. */
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  refetch: () => void;
}

export interface PagedListOptions<T> {
  queryKey: QueryKey;
  path: string;
  schema: SchemaSource<ListResponse<T>>;
  /** Search and filters; the cursor is added page by page. */
  params: ListParams;
}

/** A searchable list read one server page at a time, newest first, with "Load more" for the next. */
export function usePagedList<T>({ queryKey, path, schema, params }: PagedListOptions<T>): PagedList<T> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchListPage(path, schema, { ...params, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Keeps the last grid on screen while another search's results load.
    placeholderData: keepPreviousData,
  });
  // A page's answer is drawn in a render of its own that yields to the browser every few
  // milliseconds; as the query's urgent update, React would draw the whole grid in one task.
  const data = useDeferredValue(query.data);
  const pages = data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.documents),
    total: pages[0]?.total ?? 0,
    isPending: data === undefined && !query.isError,
    isError: query.isError,
    isFetching: query.isFetching,
    isPlaceholderData: query.isPlaceholderData,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
    refetch: () => void query.refetch(),
  };
}

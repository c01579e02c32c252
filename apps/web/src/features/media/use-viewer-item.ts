import { useEffect, useRef } from 'react';
import type { Media } from '@baegen/shared';
import { useMediaItem, useMediaList } from '../../api/media.queries';
import { ApiRequestError } from '../../lib/api-client';
import { useSortParam } from '../../lib/list-sort';
import { useMediaFilters } from './use-media-filters';

/** How close to the end of the loaded pages the viewer asks for the next one. */
const PREFETCH_MARGIN = 2;

/**
 * The media the viewer shows and its neighbours in the gallery's list (same filters and order, read
 * from the URL). A media the loaded pages do not hold (a shared link, a later page) is fetched alone.
 */
export function useViewerItem(id: string) {
  const { filters } = useMediaFilters();
  const { sort } = useSortParam();
  const list = useMediaList(filters, sort);
  const index = list.items.findIndex((item) => item.$id === id);
  const listed = index >= 0 ? list.items[index] : undefined;
  // The last media shown stays while it leaves the list (deleted, or unstarred under Favourites),
  // so the viewer neither flashes "not found" nor asks the server about it again.
  const shown = useRef<Media | undefined>(undefined);
  const held = shown.current?.$id === id ? shown.current : undefined;
  const single = useMediaItem(id, !listed && !held && (list.isError || !list.isPending));
  const media = listed ?? single.data ?? held;
  useEffect(() => {
    if (media) shown.current = media;
  }, [media]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const nearEnd = index >= 0 && index >= list.items.length - PREFETCH_MARGIN;
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    media,
    previous: index > 0 ? list.items[index - 1] : undefined,
    next: index >= 0 ? list.items[index + 1] : undefined,
    /** 1-based place in the list and the list's total, when the list holds the media. */
    position: index >= 0 ? { index: index + 1, total: list.total } : null,
    loading: !media && (list.isPending || single.isPending || single.isFetching),
    notFound: !media && single.error instanceof ApiRequestError && single.error.status === 404,
    failed: !media && single.isError,
    retry: () => void single.refetch(),
  };
}

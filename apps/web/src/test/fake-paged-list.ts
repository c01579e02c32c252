import { vi } from 'vitest';
import type { PagedList } from '../lib/use-paged-list';

/** A settled list holding `items` with no further page; `total` defaults to their count. */
export function fakePagedList<T>(items: T[], overrides: Partial<PagedList<T>> = {}): PagedList<T> {
  return {
    items,
    total: items.length,
    isPending: false,
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    refetch: vi.fn(),
    ...overrides,
  };
}

import { type InfiniteData, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ListResponse } from '@baegen/shared';
import { createQueryClient } from '../lib/query-client';

/** Runs `hook` under a fresh query client, which comes back beside the hook's result. */
export function renderQueryHook<T>(hook: () => T) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(hook, { wrapper });
  return { client, result };
}

export type CachedPages<T> = InfiniteData<ListResponse<T>, string | null>;

/**
 * A paged list as the cache holds it: one page for each list of ids in `lists`, each but the last
 * with the cursor of the next; `page` builds a page from its ids and its cursor.
 */
export function cachedPages<T>(
  lists: string[][],
  page: (ids: string[], nextCursor: string | null) => ListResponse<T>,
): CachedPages<T> {
  return {
    pages: lists.map((ids, i) => page(ids, i < lists.length - 1 ? `c${i}` : null)),
    pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  };
}

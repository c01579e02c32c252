import { type InfiniteData, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Media,
  type ListResponse,
  MESSAGES,
  bulkDeleteResultSchema,
  mediaListSchema,
} from '@baegen/shared';
import { mediaKeys } from '../api/media.queries';
import { errorResponse, fakeMedia, jsonResponse, stubFetch } from '../test/fake-api';
import { createQueryClient } from './query-client';
import { useBulkDelete } from './use-bulk-delete';

type Pages = InfiniteData<ListResponse<Media>, string | null>;
const FILTERS = { search: '', characterId: '', type: '', favorite: false } as const;

const pages = (...lists: string[][]): Pages => ({
  pages: lists.map((ids, i) =>
    mediaListSchema.parse({
      total: 6,
      documents: ids.map((id) => fakeMedia({ $id: id })),
      nextCursor: i < lists.length - 1 ? `c${i}` : null,
    }),
  ),
  pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});

function renderBulkDelete() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      useBulkDelete({
        path: '/api/media/bulk-delete',
        listsKey: mediaKeys.lists(),
        noun: MESSAGES.bulk.mediaNoun,
      }),
    { wrapper },
  );
  return { client, result };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useBulkDelete', () => {
  it('posts the ids once and takes them out of every cached list, lowering the totals', async () => {
    const fetchMock = stubFetch().mockResolvedValue(
      jsonResponse(200, bulkDeleteResultSchema.parse({ deleted: 3 })),
    );
    const { client, result } = renderBulkDelete();
    client.setQueryData(mediaKeys.list(FILTERS, 'newest'), pages(['a', 'b', 'c', 'd'], ['e', 'f']));
    const other = { ...FILTERS, type: 'video' as const };
    client.setQueryData(mediaKeys.list(other, 'newest'), pages(['x']));
    client.setQueryData(mediaKeys.stats, { characters: 1, videos: 0, images: 6, totalMedia: 6 });

    await act(async () => {
      await expect(result.current.mutateAsync(['b', 'e', 'c'])).resolves.toEqual({ deleted: 3 });
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/media/bulk-delete');
    expect(init).toMatchObject({ method: 'POST' });
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ ids: ['b', 'e', 'c'] });
    const all = client.getQueryData<Pages>(mediaKeys.list(FILTERS, 'newest'))!;
    expect(all.pages.map((p) => p.documents.map((m) => m.$id))).toEqual([['a', 'd'], ['f']]);
    expect(all.pages.map((p) => p.total)).toEqual([3, 3]);
    expect(client.getQueryData<Pages>(mediaKeys.list(other, 'newest'))!.pages[0]!.total).toBe(6);
    expect(client.getQueryState(mediaKeys.stats)!.isInvalidated).toBe(true);
  });

  it('leaves the lists alone when the server deletes nothing', async () => {
    stubFetch().mockResolvedValue(errorResponse(404, 'MEDIA_NOT_FOUND'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, result } = renderBulkDelete();
    const before = pages(['a', 'b']);
    client.setQueryData(mediaKeys.list(FILTERS, 'newest'), before);
    await act(async () => {
      await expect(result.current.mutateAsync(['a', 'b'])).rejects.toThrow();
    });
    expect(client.getQueryData(mediaKeys.list(FILTERS, 'newest'))).toEqual(before);
  });
});

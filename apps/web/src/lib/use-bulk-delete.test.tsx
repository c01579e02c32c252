import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Media, MESSAGES, bulkDeleteResultSchema, mediaListSchema } from '@baegen/shared';
import { mediaKeys } from '../api/media.queries';
import { errorResponse, fakeMedia, jsonResponse, stubFetch } from '../test/fake-api';
import { type CachedPages, cachedPages, renderQueryHook } from '../test/query-hook-kit';
import { useBulkDelete } from './use-bulk-delete';

type Pages = CachedPages<Media>;
const FILTERS = { search: '', characterId: '', type: '', favorite: false } as const;

const pages = (...lists: string[][]): Pages =>
  cachedPages(lists, (ids, nextCursor) =>
    mediaListSchema.parse({ total: 6, documents: ids.map((id) => fakeMedia({ $id: id })), nextCursor }),
  );

const renderBulkDelete = () =>
  renderQueryHook(() =>
    useBulkDelete({
      path: '/api/media/bulk-delete',
      listsKey: mediaKeys.lists(),
      noun: MESSAGES.bulk.mediaNoun,
    }),
  );

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

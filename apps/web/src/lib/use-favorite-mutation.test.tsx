import { act, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAVORITE_LABELS, type Media, mediaListSchema, mediaSchema } from '@baegen/shared';
import { mediaKeys } from '../api/media.queries';
import { useFavoriteMedia } from '../features/media/api/use-favorite-media';
import { errorResponse, fakeMedia, jsonResponse, stubFetch } from '../test/fake-api';
import { type CachedPages, cachedPages, renderQueryHook } from '../test/query-hook-kit';

type Pages = CachedPages<Media>;
const ALL = { search: '', characterId: '', type: '' as const, favorite: false };
const FAVOURITES = { ...ALL, favorite: true };

const pages = (...lists: string[][]): Pages =>
  cachedPages(lists, (ids, nextCursor) =>
    mediaListSchema.parse({ total: 4, documents: ids.map((id) => fakeMedia({ $id: id })), nextCursor }),
  );

const starred = (data: Pages | undefined) =>
  data!.pages.flatMap((page) => page.documents.filter((m) => m.favorite).map((m) => m.$id));

function renderFavorite() {
  const { client, result } = renderQueryHook(() => useFavoriteMedia());
  client.setQueryData(mediaKeys.list(ALL, 'newest'), pages(['a', 'b'], ['c', 'd']));
  client.setQueryData(mediaKeys.list(ALL, 'oldest'), pages(['d', 'c', 'b', 'a']));
  return { client, result };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useFavoriteMedia', () => {
  it('shows the star in every cached list before the server answers, then refetches the lists', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubFetch().mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { client, result } = renderFavorite();

    act(() => result.current.mutate({ id: 'c', favorite: true }));

    await waitFor(() => expect(starred(client.getQueryData(mediaKeys.list(ALL, 'newest')))).toEqual(['c']));
    expect(starred(client.getQueryData(mediaKeys.list(ALL, 'oldest')))).toEqual(['c']);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/media/c',
      expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ favorite: true }) }),
    );

    answer(jsonResponse(200, mediaSchema.parse(fakeMedia({ $id: 'c', favorite: true }))));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(starred(client.getQueryData(mediaKeys.list(ALL, 'newest')))).toEqual(['c']);
    await waitFor(() =>
      expect(client.getQueryState(mediaKeys.list(ALL, 'newest'))!.isInvalidated).toBe(true),
    );
  });

  it('puts the star back and says so when the server refuses, leaving other stars alone', async () => {
    let answer!: (response: Response) => void;
    stubFetch().mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, result } = renderFavorite();
    client.setQueryData(mediaKeys.list(FAVOURITES, 'newest'), {
      pages: [
        mediaListSchema.parse({
          total: 1,
          documents: [fakeMedia({ $id: 'b', favorite: true })],
          nextCursor: null,
        }),
      ],
      pageParams: [null],
    });

    await act(async () => {
      const refused = result.current.mutateAsync({ id: 'b', favorite: false });
      await waitFor(() =>
        expect(starred(client.getQueryData(mediaKeys.list(FAVOURITES, 'newest')))).toEqual([]),
      );
      client.setQueryData<Pages>(mediaKeys.list(ALL, 'newest'), (data) => ({
        ...data!,
        pages: data!.pages.map((page) => ({
          ...page,
          documents: page.documents.map((m) => (m.$id === 'a' ? { ...m, favorite: true } : m)),
        })),
      }));
      answer(errorResponse(500, 'INTERNAL_ERROR'));
      await expect(refused).rejects.toThrow();
    });

    // Each list shows the star it showed before, and 'a', starred meanwhile, keeps its star.
    expect(starred(client.getQueryData(mediaKeys.list(FAVOURITES, 'newest')))).toEqual(['b']);
    expect(starred(client.getQueryData(mediaKeys.list(ALL, 'newest')))).toEqual(['a']);
    expect(error).toHaveBeenCalledWith(FAVORITE_LABELS.updateFailed);
  });
});

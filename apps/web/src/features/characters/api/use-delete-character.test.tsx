import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Character } from '@baegen/shared';
import { characterKeys } from '../../../api/characters.queries';
import {
  errorResponse,
  fakeCharacter,
  fakeCharacterPage,
  noContentResponse,
  stubFetch,
} from '../../../test/fake-api';
import { type CachedPages, cachedPages, renderQueryHook } from '../../../test/query-hook-kit';
import { useDeleteCharacter } from './use-delete-character';

type Pages = CachedPages<Character>;
const pages = (...lists: string[][]): Pages =>
  cachedPages(lists, (ids, nextCursor) =>
    fakeCharacterPage(
      ids.map((id) => fakeCharacter({ $id: id, name: id })),
      { total: 5, nextCursor },
    ),
  );

const renderDelete = () => renderQueryHook(() => useDeleteCharacter());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useDeleteCharacter', () => {
  it('removes the character from every cached list at once and lowers the totals', async () => {
    const fetchMock = stubFetch().mockResolvedValue(noContentResponse());
    const { client, result } = renderDelete();
    client.setQueryData(characterKeys.list(''), pages(['a', 'b', 'c'], ['d', 'e']));
    client.setQueryData(characterKeys.list('d'), pages(['d']));
    client.setQueryData(characterKeys.list('a'), pages(['a']));
    client.setQueryData(characterKeys.detail('d'), fakeCharacter({ $id: 'd' }));

    await act(() => result.current.mutateAsync('d'));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/characters/d',
      expect.objectContaining({ method: 'DELETE' }),
    );
    const all = client.getQueryData<Pages>(characterKeys.list(''))!;
    expect(all.pages.map((p) => p.documents.map((c) => c.$id))).toEqual([['a', 'b', 'c'], ['e']]);
    expect(all.pages.map((p) => p.total)).toEqual([4, 4]);
    expect(client.getQueryData<Pages>(characterKeys.list('d'))!.pages[0]!.documents).toEqual([]);
    const untouched = client.getQueryData<Pages>(characterKeys.list('a'))!;
    expect(untouched.pages[0]!.documents.map((c) => c.$id)).toEqual(['a']);
    expect(untouched.pages[0]!.total).toBe(5);
    expect(client.getQueryData(characterKeys.detail('d'))).toBeUndefined();
  });

  it('marks the other views of the data stale but leaves the edited lists fresh', async () => {
    stubFetch().mockResolvedValue(noContentResponse());
    const { client, result } = renderDelete();
    client.setQueryData(characterKeys.list(''), pages(['a']));
    client.setQueryData(characterKeys.recent, [fakeCharacter({ $id: 'a' })]);
    client.setQueryData(['media', 'stats'], { characters: 1, videos: 0, images: 0, totalMedia: 0 });

    await act(() => result.current.mutateAsync('a'));

    expect(client.getQueryState(characterKeys.list(''))!.isInvalidated).toBe(false);
    expect(client.getQueryState(characterKeys.recent)!.isInvalidated).toBe(true);
    expect(client.getQueryState(['media', 'stats'])!.isInvalidated).toBe(true);
  });

  it('leaves the lists alone when the delete fails', async () => {
    stubFetch().mockResolvedValue(errorResponse(404, 'NOT_FOUND'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, result } = renderDelete();
    const before = pages(['a', 'b']);
    client.setQueryData(characterKeys.list(''), before);
    await act(async () => {
      await expect(result.current.mutateAsync('a')).rejects.toThrow();
    });
    expect(client.getQueryData(characterKeys.list(''))).toEqual(before);
  });
});

import { type InfiniteData, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Character, ListResponse } from '@baegen/shared';
import { createQueryClient } from '../../../lib/query-client';
import { characterKeys } from './character-keys';
import { useDeleteCharacter } from './use-delete-character';

const doc = (id: string): Character => ({
  $id: id,
  userId: 'u',
  name: id,
  description: '',
  attributes: '{}',
  imageUrl: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
});

type Pages = InfiniteData<ListResponse<Character>, string | null>;
const pages = (...lists: string[][]): Pages => ({
  pages: lists.map((ids, i) => ({
    total: 5,
    documents: ids.map(doc),
    nextCursor: i < lists.length - 1 ? `c${i}` : null,
  })),
  pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});

afterEach(() => vi.unstubAllGlobals());

describe('useDeleteCharacter', () => {
  it('removes the character from every cached list at once and lowers the totals', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    client.setQueryData(characterKeys.list(''), pages(['a', 'b', 'c'], ['d', 'e']));
    client.setQueryData(characterKeys.list('d'), pages(['d']));
    client.setQueryData(characterKeys.list('a'), pages(['a']));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useDeleteCharacter(), { wrapper });

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
  });

  it('leaves the lists alone when the delete fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{"code":"NOT_FOUND","message":"x"}}', { status: 404 })),
    );
    const client = createQueryClient();
    const before = pages(['a', 'b']);
    client.setQueryData(characterKeys.list(''), before);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useDeleteCharacter(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync('a')).rejects.toThrow();
    });
    expect(client.getQueryData(characterKeys.list(''))).toEqual(before);
  });
});

import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Character, ListResponse } from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { characterKeys } from './character-keys';

export function deleteCharacter(id: string) {
  return api<void>(`/api/characters/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

type CharacterPages = InfiniteData<ListResponse<Character>, string | null>;

/** Deletes a character and takes it out of every cached list at once. */
export function useDeleteCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCharacter,
    onSuccess: async (_result, id) => {
      queryClient.setQueriesData<CharacterPages>({ queryKey: characterKeys.lists() }, (data) => {
        if (!data) return data;
        const found = data.pages.some((page) => page.documents.some((c) => c.$id === id));
        if (!found) return data;
        return {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            total: Math.max(0, page.total - 1),
            documents: page.documents.filter((c) => c.$id !== id),
          })),
        };
      });
      queryClient.removeQueries({ queryKey: characterKeys.detail(id) });
      // Dashboard counts and media character names change too; they refetch when next opened.
      await queryClient.invalidateQueries({ refetchType: 'none' });
    },
  });
}

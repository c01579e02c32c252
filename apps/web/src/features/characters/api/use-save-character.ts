import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Character, CharacterInput } from '@baegen/shared';
import { api } from '../../../lib/api-client';

export interface SaveCharacterVariables {
  /** Absent when creating. */
  id?: string;
  input: CharacterInput;
}

export function saveCharacter({ id, input }: SaveCharacterVariables) {
  return id
    ? api<Character>(`/api/characters/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })
    : api<Character>('/api/characters', { method: 'POST', body: input });
}

export function useSaveCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCharacter,
    // A character change shows on the dashboard and in media lists too: mark every cached
    // query stale so each page refetches when it next opens.
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'none' }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHARACTERS_PATH, type CharacterInput } from '@baegen/shared';
import { characterPath } from '../../../api/characters.queries';
import { api } from '../../../lib/api-client';
import { refreshUnsavedGenerations } from '../../generations';
import { characterSchema } from '../../../api/lazy-schemas';

export interface SaveCharacterVariables {
  /** Absent when creating. */
  id?: string;
  input: CharacterInput;
}

export function saveCharacter({ id, input }: SaveCharacterVariables) {
  return id
    ? api(characterPath(id), characterSchema, { method: 'PATCH', body: input })
    : api(CHARACTERS_PATH, characterSchema, { method: 'POST', body: input });
}

export function useSaveCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCharacter,
    // A character change shows on the dashboard and in media lists too: mark every cached
    // query stale so each page refetches when it next opens.
    // A saved portrait is no longer a result waiting to be saved.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ refetchType: 'none' });
      await refreshUnsavedGenerations(queryClient);
    },
  });
}

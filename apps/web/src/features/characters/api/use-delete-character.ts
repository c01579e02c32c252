import { MESSAGES } from '@baegen/shared';
import { characterKeys, characterPath } from '../../../api/characters.queries';
import { useDeleteMutation } from '../../../lib/use-delete-mutation';

/** Deletes a character and takes it out of every cached list at once. */
export function useDeleteCharacter() {
  return useDeleteMutation({
    path: characterPath,
    listsKey: characterKeys.lists(),
    detailKey: characterKeys.detail,
    messages: { deleted: MESSAGES.characters.deleted, deleteFailed: MESSAGES.characters.deleteFailed },
  });
}

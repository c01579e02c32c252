import { MESSAGES } from '@baegen/shared';
import { mediaKeys, mediaPath } from '../../../api/media.queries';
import { useDeleteMutation } from '../../../lib/use-delete-mutation';

/** Deletes one media record; on success the card leaves every cached list at once. */
export function useDeleteMedia() {
  return useDeleteMutation({
    path: mediaPath,
    listsKey: mediaKeys.lists(),
    messages: { deleted: MESSAGES.media.deleted, deleteFailed: MESSAGES.media.deleteFailed },
  });
}

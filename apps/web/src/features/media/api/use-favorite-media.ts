import { mediaKeys, mediaPath } from '../../../api/media.queries';
import { useFavoriteMutation } from '../../../lib/use-favorite-mutation';
import { mediaSchema } from '../../../api/lazy-schemas';

/** Stars or unstars one media record, in every cached gallery list at once. */
export function useFavoriteMedia() {
  return useFavoriteMutation({ path: mediaPath, schema: mediaSchema, listsKey: mediaKeys.lists() });
}

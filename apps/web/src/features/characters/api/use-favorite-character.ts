import { characterKeys, characterPath } from '../../../api/characters.queries';
import { useFavoriteMutation } from '../../../lib/use-favorite-mutation';
import { characterSchema } from '../../../api/lazy-schemas';

/** Stars or unstars a character, in every cached list of characters at once. */
export function useFavoriteCharacter() {
  return useFavoriteMutation({
    path: characterPath,
    schema: characterSchema,
    listsKey: characterKeys.lists(),
  });
}

import { MESSAGES } from '@baegen/shared';
import { CHARACTERS_PATH, characterKeys } from '../../../api/characters.queries';
import { SelectBar } from '../../../components/list/select-bar';
import { useBulkDelete } from '../../../lib/use-bulk-delete';
import type { Selection } from '../../../lib/use-selection';

/** The characters list's select mode: delete the selected characters at once. */
export function CharactersSelectBar({ selection }: { selection: Selection }) {
  const deletion = useBulkDelete({
    path: `${CHARACTERS_PATH}/bulk-delete`,
    listsKey: characterKeys.lists(),
    noun: MESSAGES.bulk.charactersNoun,
  });
  return (
    <SelectBar
      selection={selection}
      noun={MESSAGES.bulk.charactersNoun}
      onDelete={deletion.mutateAsync}
      deleting={deletion.isPending}
    />
  );
}

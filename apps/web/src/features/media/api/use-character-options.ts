import { useQuery } from '@tanstack/react-query';
import { type Character, LIST_LIMIT, type ListResponse } from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { characterOptionsKey } from './media-keys';

export type CharacterOption = Pick<Character, '$id' | 'name' | 'imageUrl'>;

/** Every character of the user (all pages), for the character select and the filter dropdown. */
export async function fetchAllCharacters(): Promise<CharacterOption[]> {
  const options: CharacterOption[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(LIST_LIMIT) });
    if (cursor) params.set('cursor', cursor);
    const page: ListResponse<Character> = await api(`/api/characters?${params.toString()}`);
    options.push(...page.documents.map(({ $id, name, imageUrl }) => ({ $id, name, imageUrl })));
    cursor = page.nextCursor;
  } while (cursor);
  return options;
}

export function useCharacterOptions() {
  return useQuery({ queryKey: characterOptionsKey, queryFn: fetchAllCharacters });
}

import { useQuery } from '@tanstack/react-query';
import {
  CHARACTERS_PATH,
  type Character,
  LIST_LIMIT,
  type ListResponse,
  type ListSort,
} from '@baegen/shared';
import { api } from '../lib/api-client';
import { fetchListPage, itemPath } from '../lib/list-page';
import { sortParam } from '../lib/list-sort';
import { useListHead } from '../lib/use-list-head';
import { usePagedList } from '../lib/use-paged-list';
import { FIRST_READS } from './first-reads';
import { characterListSchema, characterSchema } from './lazy-schemas';

// Every read of /api/characters, for the characters pages, the media pages and the dashboard alike.

/** Every key starts with 'characters', so invalidating that root refreshes each view of them. */
export const characterKeys = {
  all: ['characters'] as const,
  lists: () => ['characters', 'list'] as const,
  list: (search: string, sort: ListSort = 'newest', favorite = false) =>
    ['characters', 'list', { search, sort, favorite }] as const,
  detail: (id: string) => ['characters', 'detail', id] as const,
  options: ['characters', 'options'] as const,
  recent: ['characters', 'recent'] as const,
};

export function characterPath(id: string): string {
  return itemPath(CHARACTERS_PATH, id);
}

/** The signed-in user's characters matching `search`, in `sort` order, one server page (100) at a time. */
export function useCharacterList(search: string, sort: ListSort, favorite = false) {
  return usePagedList({
    queryKey: characterKeys.list(search, sort, favorite),
    path: CHARACTERS_PATH,
    schema: characterListSchema,
    params: { search, sort: sortParam(sort), favorite: favorite ? 'true' : undefined },
  });
}

export function fetchCharacter(id: string): Promise<Character> {
  return api(characterPath(id), characterSchema);
}

export function useCharacter(id: string | undefined) {
  return useQuery({
    queryKey: characterKeys.detail(id ?? ''),
    queryFn: () => fetchCharacter(id!),
    enabled: !!id,
    staleTime: 0,
  });
}

export type CharacterOption = Pick<Character, '$id' | 'name' | 'imageUrl'>;

/** Every character of the user (all pages), for the character select and the filter dropdown. */
export async function fetchCharacterOptions(): Promise<CharacterOption[]> {
  const options: CharacterOption[] = [];
  let cursor: string | null = null;
  do {
    const page: ListResponse<Character> = await fetchListPage(CHARACTERS_PATH, characterListSchema, {
      limit: LIST_LIMIT,
      cursor,
    });
    options.push(...page.documents.map(({ $id, name, imageUrl }) => ({ $id, name, imageUrl })));
    cursor = page.nextCursor;
  } while (cursor);
  return options;
}

/** `enabled` false reads nothing (and caches nothing) until a view needs the names. */
export function useCharacterOptions(enabled = true) {
  return useQuery({ queryKey: characterKeys.options, queryFn: fetchCharacterOptions, enabled });
}

/** The newest characters, for the dashboard. */
export function useRecentCharacters() {
  return useListHead({
    queryKey: characterKeys.recent,
    url: FIRST_READS.recentCharacters,
    schema: characterListSchema,
  });
}

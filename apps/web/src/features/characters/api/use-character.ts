import { useQuery } from '@tanstack/react-query';
import type { Character } from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { characterKeys } from './character-keys';

export function fetchCharacter(id: string) {
  return api<Character>(`/api/characters/${encodeURIComponent(id)}`);
}

export function useCharacter(id: string | undefined) {
  return useQuery({
    queryKey: characterKeys.detail(id ?? ''),
    queryFn: () => fetchCharacter(id!),
    enabled: !!id,
    staleTime: 0,
  });
}

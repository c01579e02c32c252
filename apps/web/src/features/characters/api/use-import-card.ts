import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHARACTER_IMPORT_PATH } from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { characterSchema } from '../../../api/lazy-schemas';

/** The content type the import expects for a card file, from its type or its extension; null if neither fits. */
export function cardContentType(file: File): 'image/png' | 'application/json' | null {
  const name = file.name.toLowerCase();
  if (file.type === 'image/png' || name.endsWith('.png')) return 'image/png';
  if (file.type === 'application/json' || name.endsWith('.json')) return 'application/json';
  return null;
}

export function importCard({ file, contentType }: { file: File; contentType: string }) {
  return api(CHARACTER_IMPORT_PATH, characterSchema, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': contentType },
  });
}

/** Makes a character of a card file; the open list refetches, every other view is marked stale. */
export function useImportCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCard,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

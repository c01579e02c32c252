import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Media, MediaInput } from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { mediaKeys } from './media-keys';

export function createMedia(input: MediaInput) {
  return api<Media>('/api/media', { method: 'POST', body: input });
}

/** Saves several media records at once; each one succeeds or fails on its own. */
export function useSaveMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inputs: MediaInput[]) => Promise.allSettled(inputs.map(createMedia)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEDIA_PATH, type MediaInput } from '@baegen/shared';
import { mediaKeys } from '../../../api/media.queries';
import { api } from '../../../lib/api-client';
import { refreshUnsavedGenerations } from '../../generations';
import { mediaSchema } from '../../../api/lazy-schemas';

export function createMedia(input: MediaInput) {
  return api(MEDIA_PATH, mediaSchema, { method: 'POST', body: input });
}

/** Saves several media records at once; each one succeeds or fails on its own. */
export function useCreateMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inputs: MediaInput[]) => Promise.allSettled(inputs.map(createMedia)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
        refreshUnsavedGenerations(queryClient),
      ]),
  });
}

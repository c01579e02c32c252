import { useMutation } from '@tanstack/react-query';
import { IMAGE_OUTPUTS, generatedUrlsSchema } from '@baegen/shared';
import { api } from '../../../lib/api-client';

export interface GenerateImagesInput {
  prompt: string;
  /** The character's image, which the results keep the identity of. */
  subject: string;
}

export function generateCharacterImages({ prompt, subject }: GenerateImagesInput) {
  return api('/api/generate/character', generatedUrlsSchema, {
    method: 'POST',
    body: { prompt, subject, number_of_outputs: IMAGE_OUTPUTS },
  });
}

export function useGenerateImages() {
  return useMutation({ mutationFn: generateCharacterImages });
}

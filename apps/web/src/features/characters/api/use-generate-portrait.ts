import { useMutation } from '@tanstack/react-query';
import { generatedUrlsSchema } from '@baegen/shared';
import { api } from '../../../lib/api-client';

/** Generates images from a prompt; resolves to the first URL, or fails when none came back. */
export async function generatePortrait(prompt: string): Promise<string> {
  const { urls } = await api('/api/generate/image', generatedUrlsSchema, {
    method: 'POST',
    body: { prompt },
  });
  const first = urls[0];
  if (!first) throw new Error('The image service returned no image');
  return first;
}

export function useGeneratePortrait() {
  return useMutation({ mutationFn: generatePortrait });
}

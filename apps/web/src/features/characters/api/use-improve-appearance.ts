import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { improvePromptResponseSchema } from '../../../api/lazy-schemas';

/** Rewrites an appearance description into a detailed image prompt. */
export function improveAppearance(appearance: string) {
  return api('/api/generate/prompt', improvePromptResponseSchema, { method: 'POST', body: { appearance } });
}

export function useImproveAppearance() {
  return useMutation({ mutationFn: improveAppearance });
}

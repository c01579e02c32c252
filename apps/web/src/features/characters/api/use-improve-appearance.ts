import { useMutation } from '@tanstack/react-query';
import { improvePromptResponseSchema } from '@baegen/shared';
import { api } from '../../../lib/api-client';

/** Rewrites an appearance description into a detailed image prompt. */
export function improveAppearance(appearance: string) {
  return api('/api/generate/prompt', improvePromptResponseSchema, { method: 'POST', body: { appearance } });
}

export function useImproveAppearance() {
  return useMutation({ mutationFn: improveAppearance });
}

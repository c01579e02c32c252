import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Rewrites an appearance description into a detailed image prompt. */
export function improveAppearance(appearance: string) {
  return api<{ prompt: string }>('/api/generate/prompt', { method: 'POST', body: { appearance } });
}

export function useImproveAppearance() {
  return useMutation({ mutationFn: improveAppearance });
}

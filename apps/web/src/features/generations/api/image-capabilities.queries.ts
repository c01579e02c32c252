import { useQuery } from '@tanstack/react-query';
import type { GenerationCapabilities } from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { publicConfigSchema } from '../../../api/lazy-schemas';

export const IMAGE_CAPABILITIES_KEY = ['config', 'image-capabilities'] as const;

/**
 * What the server's image provider can do, per kind of image job, from `GET /api/config`; read
 * once a session (the provider is picked when the server starts).
 */
export function useImageCapabilities() {
  return useQuery({
    queryKey: IMAGE_CAPABILITIES_KEY,
    queryFn: async (): Promise<GenerationCapabilities> =>
      (await api('/api/config', publicConfigSchema)).imageCapabilities,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

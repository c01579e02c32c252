import { useQuery } from '@tanstack/react-query';
import { fileIdFromUrl } from '@baegen/shared';
import { api } from '../../../lib/api-client';
import { fileUploadSchema } from '../../../api/lazy-schemas';

export type PortraitOrigin = 'generated' | 'uploaded';

/** Where a portrait came from, when the form itself put it there. */
export interface KnownPortrait {
  url: string;
  origin: PortraitOrigin;
}

/** Generated pictures are stored under `generated-<n>` (the generation service names them so). */
export function originOfName(name: string): PortraitOrigin {
  return name.startsWith('generated-') ? 'generated' : 'uploaded';
}

/**
 * The origin of a portrait that is one of the user's stored files ('pending' while it is looked
 * up), or null for any other URL. The form knows it for what it generated or uploaded; for a saved
 * character it asks the file's name.
 */
export function usePortraitOrigin(
  url: string,
  known: KnownPortrait | null,
): PortraitOrigin | 'pending' | null {
  const fileId = url.startsWith('/api/files/') ? fileIdFromUrl(url) : null;
  const knownHere = known !== null && known.url === url ? known.origin : null;
  const described = useQuery({
    queryKey: ['files', fileId],
    queryFn: () => api(`/api/files/${encodeURIComponent(fileId ?? '')}`, fileUploadSchema),
    enabled: fileId !== null && knownHere === null,
    staleTime: Infinity,
    retry: false,
  });
  if (fileId === null) return null;
  if (knownHere) return knownHere;
  // A file that cannot be described is still one of ours: it was not made here, so call it uploaded.
  if (described.isError) return 'uploaded';
  return described.data ? originOfName(described.data.name) : 'pending';
}

/** Client routes of SPEC.md §2. */
export const ROUTES = {
  home: '/',
  login: '/login',
  dashboard: '/dashboard',
  characters: '/characters',
  newCharacter: '/characters/new',
  editCharacter: (id: string) => `/characters/edit/${encodeURIComponent(id)}`,
  media: '/media',
  newMedia: '/media/new',
  newMediaFor: (characterId: string) => `/media/new/${encodeURIComponent(characterId)}`,
} as const;

/** The seed's placeholder video (SPEC.md §7): a sample clip that ships with BaeGen. */
export const SAMPLE_VIDEO_URL = '/samples/sample-video.mp4';

/** URL of the default avatar seeded by a name (SPEC.md §3). */
export function defaultAvatarUrl(seed: string, size = 128): string {
  return `/api/avatars/shapes?seed=${encodeURIComponent(seed)}&size=${size}`;
}

/** Where the API serves a stored file inline. */
export function fileViewUrl(fileId: string): string {
  return `/api/files/${encodeURIComponent(fileId)}/view`;
}

/** The id of one of our stored files behind a /api/files/<id>/… URL (relative or absolute), else null. */
export function fileIdFromUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://local.invalid').pathname;
  } catch {
    return null;
  }
  const match = /^\/api\/files\/([A-Za-z0-9_-]{1,64})\/(view|preview|download)$/.exec(pathname);
  return match ? match[1]! : null;
}

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

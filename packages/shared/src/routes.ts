import { APP_NAME, HERO_PHRASES, type MediaType } from './constants';

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
  /** The media form for a character; `type` preselects Video or Image. */
  newMediaFor: (characterId: string, type?: MediaType) =>
    `/media/new/${encodeURIComponent(characterId)}${type ? `?${MEDIA_TYPE_PARAM}=${type}` : ''}`,
} as const;

/** The query parameter of the media form that preselects the media type. */
export const MEDIA_TYPE_PARAM = 'type';

/** The login card's heading before the product name (SPEC.md §2); MESSAGES.login.title is this. */
export const LOGIN_HEADING = 'Login to';

/** Each page's heading (SPEC.md §2); the document title is built from it. */
export const PAGE_HEADINGS = {
  home: `Create Your ${HERO_PHRASES[0]}`,
  login: `${LOGIN_HEADING} ${APP_NAME}`,
  dashboard: 'Dashboard',
  characters: 'My Characters',
  newCharacter: 'Create AI Character',
  editCharacter: 'Modify AI Character',
  media: 'My Media',
  newMedia: 'Create AI Media',
} as const;

/** A page's document title: its heading, then the product name unless the heading holds it. */
export function documentTitle(heading: string): string {
  return heading.includes(APP_NAME) ? heading : `${heading} · ${APP_NAME}`;
}

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

/** Where the API serves a stored image re-encoded, e.g. as JPEG for a `.jpg` download. */
export function filePreviewUrl(fileId: string, output: 'jpg' | 'png' | 'webp'): string {
  return `/api/files/${encodeURIComponent(fileId)}/preview?output=${output}`;
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

/** Widths the gallery asks stored images at; the preview endpoint resizes and caches each. */
export const PREVIEW_WIDTHS = [320, 480, 720] as const;

/**
 * Sized WebP previews of one of our stored images, for an <img> with `sizes`; null for any other
 * URL, which is shown as it is.
 */
export function previewSources(url: string): { src: string; srcSet: string } | null {
  const fileId = url.startsWith('/api/files/') ? fileIdFromUrl(url) : null;
  if (!fileId) return null;
  const at = (width: number) => `/api/files/${encodeURIComponent(fileId)}/preview?width=${width}&output=webp`;
  return { src: at(480), srcSet: PREVIEW_WIDTHS.map((width) => `${at(width)} ${width}w`).join(', ') };
}

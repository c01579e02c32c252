import { DEFAULT_AVATAR_SIZE } from './constants';

/** Paths of the API and of the files it serves, as both sides build them. */

/** The placeholder video (docs/product.md §7.4): a sample clip that ships with BaeGen. */
export const SAMPLE_VIDEO_URL = '/samples/sample-video.mp4';

/** URL of the default avatar seeded by a name (docs/product.md §3.5). */
const DEFAULT_AVATAR_PATH = '/api/avatars/shapes';

export function defaultAvatarUrl(seed: string, size = DEFAULT_AVATAR_SIZE): string {
  return `${DEFAULT_AVATAR_PATH}?seed=${encodeURIComponent(seed)}&size=${size}`;
}

/** Whether a character's picture is a default avatar (or none) rather than a portrait of her. */
export const isDefaultAvatarUrl = (url: string) => url === '' || url.startsWith(DEFAULT_AVATAR_PATH);

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

/** An <img>'s `src` and `srcSet` for the sized previews of a stored image. */
export interface PreviewSources {
  src: string;
  srcSet: string;
}

/**
 * Sized WebP previews of one of our stored images, for an <img> with `sizes`; null for any other
 * URL, which is shown as it is.
 */
export function previewSources(url: string): PreviewSources | null {
  const fileId = url.startsWith('/api/files/') ? fileIdFromUrl(url) : null;
  if (!fileId) return null;
  const at = (width: number) => `/api/files/${encodeURIComponent(fileId)}/preview?width=${width}&output=webp`;
  return { src: at(480), srcSet: PREVIEW_WIDTHS.map((width) => `${at(width)} ${width}w`).join(', ') };
}

/** Where the API serves a character's card: PNG (portrait with V2 and V3 chunks) or V3 JSON. */
export function characterCardUrl(characterId: string, format: 'png' | 'json'): string {
  return `/api/characters/${encodeURIComponent(characterId)}/card.${format}`;
}

/** `POST` a card here (a PNG, or JSON) to make a new character of it. */
export const CHARACTER_IMPORT_PATH = '/api/characters/import';

/** Where a signed-in user downloads one of their images as a PNG carrying its provenance. */
export function mediaPngDownloadUrl(mediaId: string): string {
  return `/api/media/${encodeURIComponent(mediaId)}/download?format=png`;
}

/** The user's media: listed, created and read one by one under it. */
export const MEDIA_PATH = '/api/media';

/** The user's characters, likewise. */
export const CHARACTERS_PATH = '/api/characters';

/** Query parameters of a list endpoint; empty values are left out of the URL. */
export type ListParams = Record<string, string | number | null | undefined>;

/** A list endpoint's URL with `params` in the order given, so equal params make equal URLs. */
export function listUrl(path: string, params: ListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== '' && value !== null && value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * What a signed-in page shows largest on a phone, which the server announces as an image preload
 * in the page it sends; the web build writes these per route pattern.
 * - `list`: the first picture of one of the user's lists (unfiltered, newest first), drawn at the
 *   img `sizes` of its card;
 * - `item`: the picture of the media item whose id the path names (`/media/:id`), drawn whole.
 */
export type PagePicture = { list: 'characters' | 'media'; sizes: string } | { item: 'media' };

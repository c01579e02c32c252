import type { Media } from './schemas';

// The names a download is saved under, free of zod for the web app's pages.

/**
 * `<title or "media">_<id>.<mp4|jpg>` (docs/product.md §3.6); media have no title, so always
 * `media_<id>`.
 */
export function mediaFileName(media: Pick<Media, '$id' | 'type'>): string {
  return `media_${media.$id}.${media.type === 'video' ? 'mp4' : 'jpg'}`;
}

/** The file name of a zip export of `count` media. */
export function mediaExportFileName(count: number): string {
  return `baegen-media-${count}.zip`;
}

/** The file name of an image downloaded as a PNG with its provenance, beside `media_<id>.jpg`. */
export function mediaPngFileName(mediaId: string): string {
  return `media_${mediaId}.png`;
}

import { MEDIA_TITLE_PREVIEW, type Media, truncate } from '@baegen/shared';

/** The card's title: the prompt cut to 60 characters (media have no title of their own). */
export function mediaTitle(media: Pick<Media, 'prompt'>): string {
  return truncate(media.prompt, MEDIA_TITLE_PREVIEW);
}

// Characters that Windows, macOS or Linux refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/** `<title or "media">_<id>.<mp4|jpg>` (SPEC.md §3), with the title made safe for a file name. */
export function mediaFileName(media: Pick<Media, '$id' | 'prompt' | 'type'>): string {
  const title = media.prompt
    .slice(0, MEDIA_TITLE_PREVIEW)
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    // No hidden file (leading dot) and nothing a file system trims away (trailing dot or space).
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const extension = media.type === 'video' ? 'mp4' : 'jpg';
  return `${title || 'media'}_${media.$id}.${extension}`;
}

/**
 * Fetches the file as a blob and hands it to the browser as a download; a non-OK answer is a failure.
 * The blob route (rather than a plain link) is what names the file, even for another origin's URL.
 */
export async function downloadMedia(media: Pick<Media, '$id' | 'prompt' | 'type' | 'url'>): Promise<void> {
  const response = await fetch(media.url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download of ${media.url} failed with status ${response.status}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = mediaFileName(media);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; releasing the blob on the next tick is safe.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

import {
  MEDIA_TITLE_PREVIEW,
  type Media,
  fileIdFromUrl,
  filePreviewUrl,
  mediaFileName,
  truncate,
} from '@baegen/shared';

/** The card's title: the prompt cut to 60 characters (media have no title of their own). */
export function mediaTitle(media: Pick<Media, 'prompt'>): string {
  return truncate(media.prompt, MEDIA_TITLE_PREVIEW);
}

/** Where the downloaded bytes come from: one of our stored images is asked for as JPEG already. */
export function mediaDownloadUrl(media: Pick<Media, 'type' | 'url'>): string {
  if (media.type !== 'image') return media.url;
  const fileId = fileIdFromUrl(media.url);
  const sameOrigin = new URL(media.url, window.location.href).origin === window.location.origin;
  return fileId && sameOrigin ? filePreviewUrl(fileId, 'jpg') : media.url;
}

const JPEG_QUALITY = 0.92;

/** A `.jpg` must hold JPEG bytes: an image from elsewhere in another format is re-encoded here. */
async function asJpeg(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/jpeg') return blob;
  // An <img> rather than createImageBitmap: it decodes SVG too (the default avatars are SVG).
  const source = URL.createObjectURL(blob);
  const image = new Image();
  try {
    image.src = source;
    await image.decode();
  } finally {
    URL.revokeObjectURL(source);
  }
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas to re-encode the image as JPEG');
  // JPEG has no transparency; white is what a viewer would show behind it.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (jpeg) => (jpeg ? resolve(jpeg) : reject(new Error('The image could not be encoded as JPEG'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

/**
 * Fetches the file as a blob and hands it to the browser as a download; a non-OK answer is a failure.
 * The blob route (rather than a plain link) is what names the file, even for another origin's URL.
 */
export async function downloadMedia(media: Pick<Media, '$id' | 'type' | 'url'>): Promise<void> {
  const url = mediaDownloadUrl(media);
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download of ${url} failed with status ${response.status}`);
  const fetched = await response.blob();
  saveBlob(media.type === 'image' ? await asJpeg(fetched) : fetched, mediaFileName(media));
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; releasing the blob on the next tick is safe.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

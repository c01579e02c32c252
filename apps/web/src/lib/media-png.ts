import { type Media, fileIdFromUrl, mediaPngDownloadUrl, mediaPngFileName } from '@baegen/shared';
import { errorFromAnswer } from './api-client';
import { saveBlob } from './media-file';

/** Only images stored with us have a PNG download: the server writes their text chunks. */
export function hasPngDownload(media: Pick<Media, 'type' | 'url'>): boolean {
  return media.type === 'image' && media.url.startsWith('/api/files/') && fileIdFromUrl(media.url) !== null;
}

/** Saves the image as `media_<id>.png` carrying its prompt and settings, as the server writes them. */
export async function downloadMediaPng(media: Pick<Media, '$id'>): Promise<void> {
  const response = await fetch(mediaPngDownloadUrl(media.$id), { credentials: 'same-origin' });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw errorFromAnswer(response.status, body);
  }
  saveBlob(await response.blob(), mediaPngFileName(media.$id));
}

import { mediaExportFileName } from '@baegen/shared';
import { errorFromAnswer } from './api-client';
import { saveBlob } from './media-file';

export const MEDIA_EXPORT_PATH = '/api/media/export';

/**
 * Asks the server for a zip of the chosen media and hands it to the browser as a download. The
 * server streams it; the browser keeps the blob (on disk when large) until the link is followed.
 */
export async function downloadMediaZip(ids: string[]): Promise<void> {
  const response = await fetch(MEDIA_EXPORT_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/zip' },
    body: JSON.stringify({ ids }),
  });
  if (!response.ok) throw errorFromAnswer(response.status, await response.json().catch(() => null));
  saveBlob(await response.blob(), mediaExportFileName(ids.length));
}

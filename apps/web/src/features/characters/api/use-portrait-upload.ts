import { useEffect, useRef, useState } from 'react';
import { MESSAGES, fileViewUrl } from '@baegen/shared';
import { ApiRequestError, apiNoContent } from '../../../lib/api-client';
import { isAbort, uploadFile } from '../../../lib/file-upload';

export interface PortraitUpload {
  /** Share of the file sent, 0 to 1, while an upload runs; null otherwise. */
  progress: number | null;
  /** Why the last upload failed, in the server's words where it gave some. */
  error: string | null;
  start: (file: File) => Promise<void>;
  cancel: () => void;
}

/**
 * Uploads a portrait through the chunked files API and hands its URL to `onUploaded`. Leaving the
 * page cancels a running upload, and the part already sent is deleted.
 */
export function usePortraitUpload(onUploaded: (url: string) => void): PortraitUpload {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = async (file: File) => {
    if (running.current) return;
    setError(null);
    // The files API takes videos too; a portrait must be a picture.
    if (file.type.startsWith('video/')) {
      setError(MESSAGES.characters.portraitNotImage);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    try {
      const upload = await uploadFile(file, { signal: controller.signal, onProgress: setProgress });
      if (!upload.mimeType.startsWith('image/')) {
        setError(MESSAGES.characters.portraitNotImage);
        await apiNoContent(`/api/files/${encodeURIComponent(upload.$id)}`, { method: 'DELETE' });
        return;
      }
      onUploaded(fileViewUrl(upload.$id));
    } catch (failure) {
      // A cancel is the person's own doing: it needs no message.
      if (!isAbort(failure)) {
        setError(failure instanceof ApiRequestError ? failure.message : MESSAGES.uploads.networkFailed);
      }
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  const cancel = () => running.current?.abort();

  return { progress, error, start, cancel };
}

import { type FileUpload, MESSAGES, UPLOAD_CHUNK_BYTES } from '@baegen/shared';
import { ApiRequestError, apiNoContent, errorFromAnswer, parseAnswer } from './api-client';
import { fileUploadSchema } from '../api/lazy-schemas';

/** One request of an upload: a slice of the file and the headers that place it. */
export interface ChunkRequest {
  url: string;
  headers: Record<string, string>;
  body: Blob;
  /** Bytes of this chunk sent so far. */
  onProgress: (sent: number) => void;
  signal: AbortSignal;
}

export interface ChunkAnswer {
  status: number;
  body: unknown;
}

/** Sends one chunk; rejects with an AbortError when the signal fires. */
export type ChunkTransport = (request: ChunkRequest) => Promise<ChunkAnswer>;

export interface UploadOptions {
  /** Called with the share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  transport?: ChunkTransport;
  chunkBytes?: number;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * XMLHttpRequest rather than fetch: only it reports upload progress in every browser, and a chunk
 * is at most 5 MB, so streaming the request body buys nothing.
 */
export const xhrTransport: ChunkTransport = (request) =>
  new Promise((resolve, reject) => {
    if (request.signal.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.responseType = 'json';
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    const abort = () => xhr.abort();
    const settle = () => request.signal.removeEventListener('abort', abort);
    xhr.upload.onprogress = (event) => request.onProgress(event.loaded);
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, body: xhr.response as unknown });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiRequestError(0, 'NETWORK_ERROR', MESSAGES.uploads.networkFailed));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    request.signal.addEventListener('abort', abort, { once: true });
    xhr.send(request.body);
  });

/**
 * Uploads a file through `POST /api/files`: in one request up to a chunk's size, else chunk by chunk
 * with `Content-Range`, the first answer's id sent back in `x-file-id`. A failed or cancelled
 * upload deletes what the server already holds of it.
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<FileUpload> {
  const { onProgress, signal = new AbortController().signal, transport = xhrTransport } = options;
  const chunkBytes = options.chunkBytes ?? UPLOAD_CHUNK_BYTES;
  const total = file.size;
  const url = `/api/files?name=${encodeURIComponent(file.name)}`;
  let upload: FileUpload | undefined;
  try {
    let start = 0;
    for (;;) {
      const end = Math.min(total, start + chunkBytes);
      const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream' };
      if (total > chunkBytes) headers['Content-Range'] = `bytes ${start}-${end - 1}/${total}`;
      if (upload) headers['x-file-id'] = upload.$id;
      const from = start;
      const answer = await transport({
        url,
        headers,
        body: file.slice(start, end),
        onProgress: (sent) => onProgress?.(total === 0 ? 1 : (from + sent) / total),
        signal,
      });
      if (answer.status >= 400) throw errorFromAnswer(answer.status, answer.body);
      upload = parseAnswer(answer.status, '/api/files', await fileUploadSchema, answer.body);
      start = end;
      if (start >= total) {
        onProgress?.(1);
        return upload;
      }
    }
  } catch (error) {
    if (upload && upload.status !== 'ready') {
      const id = upload.$id;
      void apiNoContent(`/api/files/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => undefined);
    }
    throw error;
  }
}

/** True for the error of a cancelled upload. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

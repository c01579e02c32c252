import type { IncomingHttpHeaders } from 'node:http';
import { UPLOAD_CHUNK_BYTES } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { ChunkRange } from './uploads.service';

export interface UploadHeaders {
  range: ChunkRange | null;
  fileId?: string;
  length?: number;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function parseContentRange(value: string): ChunkRange {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value.trim());
  if (!match) {
    throw AppError.badRequest(
      'Content-Range must look like "bytes start-end/total"',
      'INVALID_CONTENT_RANGE',
    );
  }
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (end < start || end >= total) {
    throw AppError.badRequest(
      'Content-Range end must be at least start and below total',
      'INVALID_CONTENT_RANGE',
    );
  }
  return { start, end, total };
}

const chunkTooLarge = () =>
  new AppError(413, 'CHUNK_TOO_LARGE', `A chunk may hold at most ${UPLOAD_CHUNK_BYTES} bytes`);

/** The announced body length, when Content-Length holds one. */
function contentLength(headers: IncomingHttpHeaders): number | undefined {
  const declared = header(headers, 'content-length');
  return declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
}

/**
 * What an upload request's headers say about its body. Everything the headers can refuse is
 * refused here, before a byte of the body is read.
 */
export function uploadHeaders(headers: IncomingHttpHeaders): UploadHeaders {
  const length = contentLength(headers);
  if (length === 0) throw AppError.badRequest('The request body is empty', 'EMPTY_UPLOAD');
  if (length !== undefined && length > UPLOAD_CHUNK_BYTES) throw chunkTooLarge();
  const contentRange = header(headers, 'content-range');
  const range = contentRange ? parseContentRange(contentRange) : null;
  const announced = range ? range.end - range.start + 1 : null;
  if (announced !== null && announced > UPLOAD_CHUNK_BYTES) throw chunkTooLarge();
  if (announced !== null && length !== undefined && length !== announced) {
    throw AppError.badRequest(
      `Content-Range announces ${announced} bytes but the body holds ${length}`,
      'CHUNK_SIZE_MISMATCH',
    );
  }
  return { range, fileId: header(headers, 'x-file-id'), length };
}

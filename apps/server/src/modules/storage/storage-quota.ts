import { AppError } from '../../errors/app-error';
import { StorageUnavailableError } from '../../errors/domain-errors';

/**
 * How long an upload with no new chunk keeps the room for its whole announced size. Past it, an
 * upload abandoned mid-way holds only the bytes it has (it is deleted later, after
 * UPLOAD_ABANDON_MINUTES), and going on takes the room again.
 */
export const UPLOAD_RESERVATION_MS = 5 * 60_000;

/** What one user may store, as a write checks it (see `db/storage-usage.ts`). */
export interface StorageQuota {
  /** The most bytes one user's files and imported card texts may take together. */
  bytes: number;
  /** An upload last written before this instant (ISO) holds only the bytes it has. */
  idleBefore: string;
}

const megabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toFixed(1));

/** The 413 for `size` more bytes (of a file, or of a card's text) when `used` of `quotaBytes` are taken. */
export function quotaExceeded(
  used: number,
  quotaBytes: number,
  size: number,
  what: 'file' | 'card' = 'file',
) {
  return new AppError(
    413,
    'QUOTA_EXCEEDED',
    `Your storage is full: ${megabytes(used)} MB of ${megabytes(quotaBytes)} MB used, and this ${what} needs ${megabytes(size)} MB. Delete some files to make room.`,
  );
}

/**
 * A store failure while writing a later chunk, told as such: the upload is kept with `uploaded`
 * bytes, and the chunk starting there can be sent again once the store has room.
 */
export function resumableFailure(error: unknown, fileId: string, uploaded: number): unknown {
  if (!(error instanceof StorageUnavailableError)) return error;
  return new StorageUnavailableError('write', {
    message: `The server could not store this chunk (its storage is full or unavailable). The upload is kept with its first ${uploaded} bytes: send the chunk starting at byte ${uploaded} again later.`,
    details: { fileId, uploaded },
    cause: error.cause,
  });
}

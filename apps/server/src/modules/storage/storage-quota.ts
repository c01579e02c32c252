import { AppError } from '../../errors/app-error';
import { StorageUnavailableError } from '../../errors/domain-errors';
import type { FilesRepository } from './files.repository';

const megabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toFixed(1));

/**
 * Refuses (413) a file of `size` bytes that would take the user past `quotaBytes`. Uploads under
 * way count with their whole announced size, so the chunks that follow need no check.
 */
export async function checkQuota(
  repo: Pick<FilesRepository, 'usedBytes'>,
  userId: string,
  size: number,
  quotaBytes: number,
): Promise<void> {
  const used = await repo.usedBytes(userId);
  if (used + size <= quotaBytes) return;
  throw new AppError(
    413,
    'QUOTA_EXCEEDED',
    `Your storage is full: ${megabytes(used)} MB of ${megabytes(quotaBytes)} MB used, and this file needs ${megabytes(size)} MB. Delete some files to make room.`,
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

/**
 * Errors raised below the HTTP layer (repositories, db helpers). They carry no status code;
 * the error handler decides how each one answers.
 */
export class InvalidCursorError extends Error {
  readonly code = 'INVALID_CURSOR';

  constructor() {
    super('Invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

/** What a store failure stopped: storing bytes, or reading them back. */
export type StorageOperation = 'write' | 'read';

const STORAGE_MESSAGES: Record<StorageOperation, string> = {
  write:
    'The server cannot store files right now (its storage is full or unavailable). Nothing was saved; try again later.',
  read: 'The server cannot read its file storage right now. Try again later.',
};

/**
 * The file store cannot take a write (disk full, read-only, a bucket refusing it) or serve a read:
 * the server's fault, not the request's, and a refused write saved nothing. `details` tells the
 * client where it stands, e.g. the upload to resume and the bytes it holds.
 */
export class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';
  readonly details: Record<string, string | number>;

  constructor(
    readonly operation: StorageOperation,
    options: ErrorOptions & { message?: string; details?: Record<string, string | number> } = {},
  ) {
    super(options.message ?? STORAGE_MESSAGES[operation], { cause: options.cause });
    this.name = 'StorageUnavailableError';
    this.details = options.details ?? {};
  }
}

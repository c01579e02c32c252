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

/**
 * The file store cannot take a write (disk full, read-only, failing): the server's fault, not the
 * request's, and nothing about the request was saved. `details` tells the client where it stands,
 * e.g. the upload to resume and the bytes it holds.
 */
export class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';

  constructor(
    message = 'The server cannot store files right now (its storage is full or unavailable). Nothing was saved; try again later.',
    readonly details: Record<string, string | number> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

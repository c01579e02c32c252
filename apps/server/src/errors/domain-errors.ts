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

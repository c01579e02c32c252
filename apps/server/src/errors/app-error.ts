/** An error whose message is safe to show to the user, with a stable code for clients. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    /** Sent as Retry-After with a 429 or 503, when the caller may simply try again later. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code = 'BAD_REQUEST') {
    return new AppError(400, code, message);
  }
  static unauthorized(message = 'Not signed in', code = 'UNAUTHENTICATED') {
    return new AppError(401, code, message);
  }
  static forbidden(message: string, code = 'FORBIDDEN') {
    return new AppError(403, code, message);
  }
  static notFound(message = 'Not found', code = 'NOT_FOUND') {
    return new AppError(404, code, message);
  }
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { drainRequest } from '../lib/drain-request';
import { AppError } from './app-error';
import { type DatabaseFault, databaseFaultIn } from './database-errors';
import { InvalidCursorError, StorageUnavailableError } from './domain-errors';

function send(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details: Record<string, string | number> = {},
) {
  return reply.status(status).send({ error: { ...details, code, message } });
}

/** How each database failure answers; the request itself was fine, so it may be sent again. */
const DATABASE_ANSWERS: Record<
  DatabaseFault,
  { status: number; code: string; message: string; retryAfterSeconds?: number }
> = {
  unreachable: {
    status: 503,
    code: 'DATABASE_UNAVAILABLE',
    message: 'The database is unavailable right now. Please try again in a few seconds.',
    retryAfterSeconds: 5,
  },
  busy: {
    status: 503,
    code: 'DATABASE_UNAVAILABLE',
    message: 'The database is busy right now. Please try again in a moment.',
    retryAfterSeconds: 1,
  },
  storage: {
    status: 507,
    code: 'DATABASE_STORAGE_UNAVAILABLE',
    message:
      'The server cannot save changes right now (its database storage is full or failing). Please try again later.',
  },
};

/** When a client may try a read again after the store failed to serve it. */
const STORAGE_RETRY_AFTER_SECONDS = 30;

/** `{ error: { code, message } }` for any error, and never a stack trace on 5xx. */
function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return send(reply, error.statusCode, error.code, error.message);
  }
  if (error instanceof InvalidCursorError) return send(reply, 400, error.code, error.message);
  if (error instanceof StorageUnavailableError) {
    request.log.error({ err: error.cause ?? error }, `file storage failed to ${error.operation}`);
    // 507 for a write the store refused (nothing was saved), 503 for a read it cannot serve now.
    if (error.operation === 'read') reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
    return send(reply, error.operation === 'write' ? 507 : 503, error.code, error.message, error.details);
  }
  const fault = databaseFaultIn(error)?.fault;
  if (fault) {
    const known = DATABASE_ANSWERS[fault];
    request.log[fault === 'storage' ? 'error' : 'warn']({ err: error }, 'the database failed a request');
    if (known.retryAfterSeconds !== undefined) reply.header('retry-after', String(known.retryAfterSeconds));
    return send(reply, known.status, known.code, known.message);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const message = first?.message ?? 'Invalid request';
    return send(reply, 400, 'VALIDATION_ERROR', message);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (status === 429) return send(reply, 429, 'RATE_LIMITED', error.message);
    return send(reply, status, error.code ?? 'BAD_REQUEST', error.message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, 'INTERNAL_ERROR', 'Something went wrong. Please try again.');
}

/**
 * One error handler for the app. A refusal often comes before the body has been read (at its
 * limit, on its headers, before authentication): what is left of the body, up to twice the route's
 * limit, is read first so the client hears the answer; past that the connection closes after it.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (!(await drainRequest(request.raw, 2 * request.routeOptions.bodyLimit))) {
      reply.header('connection', 'close');
    }
    return answer(error, request, reply);
  });
}

/** A JSON error answered before routing: nothing to run, frame or refer from. */
const ERROR_ANSWER_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * Errors raised before routing (a malformed or over-long URL) answer in our error shape too. The
 * security headers' hook has not run yet for these, so the answer carries them itself.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  void reply
    .status(error.statusCode ?? 400)
    .headers(ERROR_ANSWER_HEADERS)
    .send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
}

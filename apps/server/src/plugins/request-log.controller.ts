import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A read slower than this is worth a line at info level even when it succeeded. */
const SLOW_MS = 1000;

/**
 * One log line per request, written when the answer has gone out, instead of Fastify's two.
 * Successful reads (GET, HEAD) are logged at debug: under load they were most of the log's
 * volume and a good share of the CPU; writes, failures and slow reads stay at info.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const elapsed = reply.elapsedTime;
    const fields = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(elapsed),
    };
    if (error) {
      reply.log.error({ ...fields, err: error }, 'request errored');
      return;
    }
    // Failures are logged at info: the error handler has already logged a 5xx with its error.
    const level = !read || reply.statusCode >= 400 || elapsed > SLOW_MS ? 'info' : 'debug';
    reply.log[level](fields, 'request completed');
  }
}

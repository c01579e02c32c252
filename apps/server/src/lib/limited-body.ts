import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/** The raw bytes of a request body a route reads itself. */
export class RawBody {
  constructor(readonly bytes: Buffer) {}
}

/**
 * A content-type parser that reads the whole body as a RawBody, refusing one past `maxBytes`
 * (with `tooLarge()`) as soon as it shows. Fastify's own bodyLimit applies only to the parsers it
 * buffers itself, and answers with its generic code. The rest of a refused body is let through
 * unread rather than the request destroyed, so the client still hears the answer.
 */
export function limitedBodyParser(maxBytes: number, tooLarge: () => Error) {
  return (
    request: FastifyRequest,
    payload: Readable,
    done: (error: Error | null, body?: RawBody) => void,
  ) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
      payload.resume();
      done(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      payload.resume();
      done(tooLarge());
    };
    const onEnd = () => {
      stop();
      done(null, new RawBody(Buffer.concat(chunks)));
    };
    const onError = (error: Error) => {
      stop();
      done(error);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  };
}

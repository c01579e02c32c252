import type { IncomingMessage } from 'node:http';

/** How long the rest of a refused body may take to arrive before the connection is closed instead. */
const DRAIN_TIMEOUT_MS = 60_000;

/**
 * Reads and discards what is left of a request's body, so that an answer given before the whole
 * body arrived (a 413 at the limit, a 401, a refused type) reaches a client still sending it: a
 * server that closes the connection while bytes are still coming makes the client's system reset
 * it, and the client sees EPIPE or ECONNRESET instead of the answer. At most `maxBytes` more are
 * read, for at most DRAIN_TIMEOUT_MS; resolves true once the body has ended, false when it is left
 * unread and the connection must close after the answer.
 */
export function drainRequest(request: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (request.readableEnded) return Promise.resolve(true);
  if (request.destroyed) return Promise.resolve(false);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      // Past the bound nothing more is read: the answer goes out and the connection closes.
      if (!ended) request.pause();
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('close', onClose);
      request.off('error', onClose);
      resolve(ended);
    };
    const onData = (piece: Buffer) => {
      read += piece.length;
      if (read > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.readableEnded);
    const timer = setTimeout(() => finish(false), DRAIN_TIMEOUT_MS);
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('close', onClose);
    request.once('error', onClose);
    request.resume();
  });
}

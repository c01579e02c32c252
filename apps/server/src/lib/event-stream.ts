import type { ServerResponse } from 'node:http';

export const KEEP_ALIVE_MS = 15_000;

export interface OpenEventStream {
  /** Settles once the client is gone and the stream's own timers and listeners are released. */
  closed: Promise<void>;
  end(): void;
}

/**
 * Starts a server-sent event stream on `res`: its headers, a comment so the client sees it open,
 * keep-alive comments, and its end when `shutdown` aborts so the server's close does not wait on it.
 */
export function openEventStream(res: ServerResponse, shutdown: AbortSignal): OpenEventStream {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // Headers leave with the first write: send one now so the client sees the stream open.
  res.write(': connected\n\n');

  const keepAlive = setInterval(() => res.writableEnded || res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const end = () => res.end();
  shutdown.addEventListener('abort', end, { once: true });
  const closed = new Promise<void>((resolve) =>
    res.once('close', () => {
      clearInterval(keepAlive);
      shutdown.removeEventListener('abort', end);
      resolve();
    }),
  );
  if (shutdown.aborted) end();
  return { closed, end };
}

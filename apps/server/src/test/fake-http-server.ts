import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A passing fault a vendor shows: an HTTP status (with `Retry-After` when given), a connection
 * dropped before any answer, or a 200 cut off in the middle of its body.
 */
export type Fault = { status: number; retryAfter?: string } | 'drop' | 'cut';

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /**
   * The next `times` requests that `match` meet `fault` instead of the vendor's answer; they are
   * recorded like any other. Faults still pending are forgotten by `clearFaults`.
   */
  fail(match: (request: RecordedRequest) => boolean, fault: Fault, times?: number): void;
  clearFaults(): void;
  close(): Promise<void>;
}

export type FakeHandler = (request: RecordedRequest, response: http.ServerResponse) => void | Promise<void>;

function showFault(fault: Fault, response: http.ServerResponse) {
  if (fault === 'drop') return void response.socket?.destroy();
  if (fault === 'cut') {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '1000' });
    response.write(Buffer.alloc(100), () => response.socket?.destroy());
    return;
  }
  const headers = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
  sendJson(response, fault.status, { detail: `fault ${fault.status}` }, headers);
}

/** A local HTTP server on a free port speaking whatever vendor contract `handler` implements. */
export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const faults: { match: (request: RecordedRequest) => boolean; fault: Fault; left: number }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const pending = faults.find((entry) => entry.left > 0 && entry.match(recorded));
      if (pending) {
        pending.left -= 1;
        return showFault(pending.fault, res);
      }
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail: (match, fault, times = 1) => void faults.push({ match, fault, left: times }),
    clearFaults: () => void faults.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A small real PNG, different for every label. */
export async function fakePng(label: string): Promise<Buffer> {
  const h = createHash('sha256').update(label).digest();
  return sharp({
    create: { width: 16, height: 24, channels: 3, background: { r: h[0]!, g: h[1]!, b: h[2]! } },
  })
    .png()
    .toBuffer();
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

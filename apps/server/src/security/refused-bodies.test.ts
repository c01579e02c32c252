import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '@baegen/shared';
import { type ServerProcess, signInOverHttp, startServerProcess } from '../test/server-process';

const MB = 1024 * 1024;

interface Heard {
  status?: number;
  connection?: string;
  body?: { error?: { code?: string; message?: string } };
  /** The socket error the client got instead of an answer (EPIPE, ECONNRESET). */
  failure?: string;
}

/**
 * Sends `size` bytes with Node's own client, as fast as the socket takes them: with a length, or
 * chunked when `withLength` is false. Resolves with the answer, or the error that came instead.
 */
function post(
  base: string,
  cookie: string,
  target: string,
  contentType: string,
  size: number,
  withLength = true,
) {
  return new Promise<Heard>((resolve) => {
    const request = http.request(`${base}${target}`, {
      method: 'POST',
      headers: { cookie, 'content-type': contentType, ...(withLength ? { 'content-length': size } : {}) },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (piece: string) => (text += piece));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          connection: response.headers.connection,
          body: JSON.parse(text) as Heard['body'],
        }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ failure: error.code ?? error.message }));
    const piece = Buffer.alloc(MB, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const part = piece.subarray(0, Math.min(MB, size - sent));
        sent += part.length;
        if (!request.write(part)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

/** A server process and a signed-in cookie for it, the way a browser or script meets it. */
describe('refused request bodies over a real connection', () => {
  let server: ServerProcess;
  let dataDir: string;
  let cookie: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-bodies-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    cookie = await signInOverHttp(server.base);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    [
      'a 23 MB card',
      {
        url: '/api/characters/import',
        type: 'image/png',
        size: 23 * MB,
        error: { code: 'CARD_TOO_LARGE', message: expect.stringContaining('20 MB') },
      },
    ],
    [
      'a single upload past one request’s size',
      {
        url: '/api/files?name=big.png',
        type: 'application/octet-stream',
        size: UPLOAD_CHUNK_BYTES + 3 * MB,
        error: { code: 'CHUNK_TOO_LARGE' },
      },
    ],
  ])(
    'lets the client hear 413 for %s, with a length or without',
    async (_what, { url, type, size, error }) => {
      for (const withLength of [true, false]) {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const heard = await post(server.base, cookie, url, type, size, withLength);
          expect(heard, `attempt ${attempt}, with a length: ${withLength}`).toMatchObject({
            status: 413,
            body: { error },
          });
        }
      }
    },
  );

  it('answers and closes without reading a body past twice the limit', async () => {
    // Announced past the bound: refused on its length alone, and the connection is not kept for
    // reading the rest. The client may hear the answer or, still sending, a reset.
    const heard = await post(
      server.base,
      cookie,
      '/api/files?name=huge.png',
      'application/octet-stream',
      2 * UPLOAD_CHUNK_BYTES + MB,
    );
    if (heard.failure === undefined) {
      expect(heard).toMatchObject({ status: 413, connection: 'close' });
    } else {
      expect(['EPIPE', 'ECONNRESET']).toContain(heard.failure);
    }
  });
});

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { expect } from 'vitest';
import { UPLOAD_CHUNK_BYTES, type FileUpload } from '@baegen/shared/contract';
import { type TestContext, createTestClock } from './test-app';
import { type SignedIn, useSignedIn, useTestApp } from './test-hooks';

export const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const TINY_PNG = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#fff' } })
  .png()
  .toBuffer();

/** A real PNG padded with noise after its end, which decoders ignore: uploads of any size. */
export function pngLike(size: number) {
  return Buffer.concat([TINY_PNG, randomBytes(size - TINY_PNG.length)]);
}

export const solidPng = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A body sent without Content-Length (chunked), so only the streaming checks can catch it. */
export const streamed = (data: Buffer) => Readable.from([data.subarray(0, 1000), data.subarray(1000)]);

export function filesOnDisk(dataDir: string, folder: 'objects' | 'uploads') {
  const root = path.join(dataDir, 'files', folder);
  return fs.existsSync(root)
    ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];
}

/** The byte range header of chunk `start` of `data`, and where that chunk ends. */
export function chunkRange(data: Buffer, start: number) {
  const end = Math.min(start + UPLOAD_CHUNK_BYTES, data.length) - 1;
  return { end, header: `bytes ${start}-${end}/${data.length}` };
}

/**
 * An app on a clock a test can move, two users, and the upload requests the files suites make.
 * `overrides` as for useTestApp.
 */
export function useFilesSuite(overrides: Parameters<typeof useTestApp>[0] = {}) {
  const clock = createTestClock('2026-01-10T10:00:00.000Z');
  const ctx: TestContext = useTestApp(overrides, { clock });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  const send = (
    who: { headers: Record<string, string> },
    body: Buffer | Readable,
    headers: Record<string, string> = {},
    name = 'picture.png',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/files?name=${encodeURIComponent(name)}`,
      headers: { ...who.headers, 'content-type': 'application/octet-stream', ...headers },
      payload: body,
    });

  /** Sends the first chunk of `data` and answers the upload's id. */
  async function startUpload(data: Buffer) {
    const first = await send(alice, data.subarray(0, UPLOAD_CHUNK_BYTES), {
      'content-range': `bytes 0-${UPLOAD_CHUNK_BYTES - 1}/${data.length}`,
    });
    expect(first.statusCode, first.body).toBe(202);
    return first.json<FileUpload>();
  }

  /** Sends `data` from `from` on, chunk by chunk, each answered 202 but the last (201). */
  async function sendRest(data: Buffer, from = 0, id?: string, who: SignedIn = alice) {
    let last: FileUpload | undefined;
    for (let start = from; start < data.length; start += UPLOAD_CHUNK_BYTES) {
      const { end, header } = chunkRange(data, start);
      const res = await send(who, data.subarray(start, end + 1), {
        'content-range': header,
        ...(id ? { 'x-file-id': id } : {}),
      });
      expect(res.statusCode, res.body).toBe(end === data.length - 1 ? 201 : 202);
      last = res.json<FileUpload>();
      id = last.$id;
    }
    return last!;
  }

  /** The API's record of a file, once every sha256 being computed has been recorded. */
  async function describeSettled(id: string, who = alice) {
    await ctx.app.storage.maintenance.settle();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FileUpload>();
  }

  const rowOf = (id: string) =>
    ctx.database.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  const fileIds = () => ctx.database.db.selectFrom('files').select('id').execute();

  return { ctx, clock, alice, bob, send, startUpload, sendRest, describeSettled, rowOf, fileIds };
}

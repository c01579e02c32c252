import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES, type FileUpload } from '@baegen/shared/contract';
import { LocalDiskDriver } from '../modules/storage/drivers/local-disk.driver';
import type { StorageDriver } from '../modules/storage/storage-driver.port';
import { fileRecord } from '../test/generation-kit';
import { startJob, waitForJob } from '../test/generation-jobs-kit';
import { TEST_DIALECT, type TestContext } from '../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../test/test-hooks';

/**
 * A disk driver whose chosen methods fail as a full (ENOSPC) or read-only (EROFS) disk would make
 * them fail, until `heal()`.
 */
function faultyDisk() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-faulty-'));
  const inner = new LocalDiskDriver(root);
  const failing = new Map<PropertyKey, string>();
  const driver = new Proxy(inner, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const code = failing.get(key);
        if (code) return Promise.reject(Object.assign(new Error(`${code}: simulated`), { code }));
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
  return {
    driver: driver as StorageDriver,
    root,
    fail: (method: keyof StorageDriver, code: 'ENOSPC' | 'EROFS') => failing.set(method, code),
    heal: () => failing.clear(),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

const image = (width: number, height: number, background = '#3a9') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A PNG of random pixels: it hardly compresses, so its previews have a predictable size. */
const noise = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

/** The same PNG announcing other dimensions in its header (with a valid checksum). */
function withDimensions(png: Buffer, width: number, height: number) {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

function uploader(ctx: TestContext) {
  return (who: SignedIn, body: Buffer, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/files?name=probe.png',
      headers: { ...who.headers, 'content-type': 'application/octet-stream', ...headers },
      payload: body,
    });
}

const chunkHeaders = (data: Buffer, start: number, id?: string) => {
  const end = Math.min(start + UPLOAD_CHUNK_BYTES, data.length) - 1;
  return {
    body: data.subarray(start, end + 1),
    headers: {
      'content-range': `bytes ${start}-${end}/${data.length}`,
      ...(id ? { 'x-file-id': id } : {}),
    },
  };
};

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const { error } = res.json() as { error: { code: string; message: string } };
  expect(error.code).toBe(code);
  return error as { code: string; message: string } & Record<string, unknown>;
}

describe(`storage probes (${TEST_DIALECT})`, () => {
  const disk = faultyDisk();
  const ctx = useTestApp({}, { storageDriver: disk.driver });
  const alice = useSignedIn(ctx);
  const send = (...args: Parameters<ReturnType<typeof uploader>>) => uploader(ctx)(...args);
  const fileCount = async () => (await ctx.database.db.selectFrom('files').select('id').execute()).length;
  afterEach(() => disk.heal());
  afterAll(() => disk.remove());

  it('refuses with 415 a file that only starts like an image, whole or in chunks', async () => {
    const before = await fileCount();
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('junk that is no picture at all')]);
    expectError(await send(alice, gif), 415, 'UNSUPPORTED_FILE_TYPE');
    const png = Buffer.concat([(await image(8, 8)).subarray(0, 8), randomBytes(64)]);
    expectError(await send(alice, png), 415, 'UNSUPPORTED_FILE_TYPE');

    const large = Buffer.concat([png, randomBytes(UPLOAD_CHUNK_BYTES)]);
    const first = chunkHeaders(large, 0);
    const started = await send(alice, first.body, first.headers);
    expect(started.statusCode).toBe(202);
    const last = chunkHeaders(large, UPLOAD_CHUNK_BYTES, started.json<FileUpload>().$id);
    expectError(await send(alice, last.body, last.headers), 415, 'UNSUPPORTED_FILE_TYPE');
    expect(await fileCount()).toBe(before);
    expect(fs.readdirSync(path.join(disk.root, 'uploads'))).toEqual([]);
  });

  it('refuses with 413 an image announcing more pixels than may be decoded', async () => {
    const huge = withDimensions(await image(4, 4), 30_000, 30_000);
    expect((await sharp(huge, { limitInputPixels: false }).metadata()).width).toBe(30_000);
    const error = expectError(await send(alice, huge), 413, 'IMAGE_TOO_LARGE');
    expect(error.message).toContain('30000×30000');
  });

  it('answers 422 PREVIEW_FAILED for an image damaged past its header, and still serves the file', async () => {
    const whole = await image(400, 300);
    const damaged = whole.subarray(0, whole.indexOf('IDAT') + 40);
    const res = await send(alice, damaged);
    expect(res.statusCode).toBe(201);
    const { $id: id, url } = res.json<FileUpload>();
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}/preview?width=100`,
      headers: alice.headers,
    });
    expectError(preview, 422, 'PREVIEW_FAILED');
    expect((await ctx.app.inject({ method: 'GET', url, headers: alice.headers })).statusCode).toBe(200);
  });

  it('answers 507 when the disk is full for a whole file, and keeps no row', async () => {
    const before = await fileCount();
    disk.fail('put', 'ENOSPC');
    const error = expectError(await send(alice, await image(10, 10)), 507, 'STORAGE_UNAVAILABLE');
    expect(error.message).toMatch(/storage is full or unavailable/);
    expect(await fileCount()).toBe(before);
  });

  it('answers 507 for a first chunk on a read-only disk, and keeps nothing', async () => {
    const before = await fileCount();
    const data = Buffer.concat([await image(10, 10), randomBytes(UPLOAD_CHUNK_BYTES)]);
    disk.fail('appendUpload', 'EROFS');
    const first = chunkHeaders(data, 0);
    expectError(await send(alice, first.body, first.headers), 507, 'STORAGE_UNAVAILABLE');
    expect(await fileCount()).toBe(before);
  });

  it('keeps an upload resumable when a later chunk or the final publish fails', async () => {
    const data = Buffer.concat([await image(10, 10), randomBytes(UPLOAD_CHUNK_BYTES * 2)]);
    const first = chunkHeaders(data, 0);
    const started = await send(alice, first.body, first.headers);
    const id = started.json<FileUpload>().$id;

    disk.fail('appendUpload', 'ENOSPC');
    const second = chunkHeaders(data, UPLOAD_CHUNK_BYTES, id);
    const full = expectError(await send(alice, second.body, second.headers), 507, 'STORAGE_UNAVAILABLE');
    expect(full).toMatchObject({ fileId: id, uploaded: UPLOAD_CHUNK_BYTES });
    disk.heal();
    expect((await send(alice, second.body, second.headers)).statusCode).toBe(202);

    // The last chunk is written, then publishing the file fails: the chunk is handed back.
    disk.fail('completeUpload', 'EROFS');
    const last = chunkHeaders(data, UPLOAD_CHUNK_BYTES * 2, id);
    const failed = expectError(await send(alice, last.body, last.headers), 507, 'STORAGE_UNAVAILABLE');
    expect(failed).toMatchObject({ fileId: id, uploaded: UPLOAD_CHUNK_BYTES * 2 });
    expect(failed.message).toContain(`starting at byte ${UPLOAD_CHUNK_BYTES * 2}`);
    expect(await fileRecord(ctx, alice, id)).toMatchObject({
      status: 'uploading',
      uploaded: UPLOAD_CHUNK_BYTES * 2,
    });

    disk.heal();
    const resent = await send(alice, last.body, last.headers);
    expect(resent.statusCode, resent.body).toBe(201);
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}/view`,
      headers: alice.headers,
    });
    expect(view.rawPayload.equals(data)).toBe(true);
  });

  it('answers 507, not a provider failure, when a generated image cannot be stored', async () => {
    disk.fail('put', 'ENOSPC');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/generate/image',
      headers: alice.headers,
      payload: { prompt: 'a lighthouse at dusk' },
    });
    expectError(res, 507, 'STORAGE_UNAVAILABLE');
    const job = await startJob(ctx, alice, { kind: 'image', prompt: 'a lighthouse at dusk' });
    const failed = await waitForJob(ctx, alice, job.$id, 'failed');
    expect(failed.error?.code).toBe('STORAGE_UNAVAILABLE');
  });

  it('serves a preview whose cache write fails', async () => {
    const { $id: id } = (await send(alice, await image(300, 200))).json<FileUpload>();
    disk.fail('putDerived', 'ENOSPC');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}/preview?width=60`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 60, height: 40 });
  });
});

describe(`storage quota, upload rate and preview cache bounds (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ STORAGE_QUOTA_MB: '1', PREVIEW_CACHE_MB: '0.1', UPLOAD_RATE_LIMIT_MAX: '6' });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);
  const carol = useSignedIn(ctx);
  const send = (...args: Parameters<ReturnType<typeof uploader>>) => uploader(ctx)(...args);
  const padded = async (size: number) => {
    const png = await image(4, 4);
    return Buffer.concat([png, randomBytes(size - png.length)]);
  };

  it('refuses with 413 QUOTA_EXCEEDED a file past the quota, and gives the numbers', async () => {
    const kept = await send(alice, await padded(600 * 1024));
    expect(kept.statusCode).toBe(201);
    const error = expectError(await send(alice, await padded(500 * 1024)), 413, 'QUOTA_EXCEEDED');
    expect(error.message).toContain('0.6 MB of 1 MB used');
    expect(error.message).toContain('needs 0.5 MB');
    // An upload under way reserves its whole size from the first chunk.
    const big = await padded(UPLOAD_CHUNK_BYTES + 10);
    const first = chunkHeaders(big, 0);
    expectError(await send(bob, first.body, first.headers), 413, 'QUOTA_EXCEEDED');
    const small = await send(bob, await padded(900 * 1024));
    expect(small.statusCode).toBe(201);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/files/${kept.json<FileUpload>().$id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await send(alice, await padded(500 * 1024))).statusCode).toBe(201);
  });

  it('keeps the preview cache within its bound by dropping the oldest previews', async () => {
    const { $id: id } = (await send(carol, await noise(320))).json<FileUpload>();
    const preview = (width: number) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/files/${id}/preview?width=${width}`,
        headers: carol.headers,
      });
    const cached = path.join(ctx.dataDir, 'files', 'derived', id);
    expect((await preview(250)).statusCode).toBe(200);
    expect(fs.readdirSync(cached)).toEqual(['250x0-q80.png']);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(cached, '250x0-q80.png'), anHourAgo, anHourAgo);
    expect((await preview(240)).statusCode).toBe(200);
    expect(fs.readdirSync(cached)).toEqual(['240x0-q80.png']);
    expect((await preview(250)).statusCode).toBe(200);
  });

  it('limits upload requests per user', async () => {
    const other = await send(bob, await image(6, 6));
    expect(other.statusCode).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await send(carol, await image(5, 5))).statusCode);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.at(-1)).toBe(429);
    expect((await send(bob, await image(6, 6))).statusCode).toBe(201);
  });
});

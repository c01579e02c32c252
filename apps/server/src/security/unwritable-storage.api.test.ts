import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES, type FileUpload } from '@baegen/shared';
import { V2_CARD, cardPng } from '../test/character-card-kit';
import { useS3rver } from '../test/s3rver-kit';
import { TEST_DIALECT, type TestContext } from '../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../test/test-hooks';

const image = (side: number, background = '#3a9') =>
  sharp({ create: { width: side, height: side, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * The probes both stores go through: a file stored and an upload begun while the store works,
 * then every write while it refuses them, the reads meanwhile, and the same writes once it is back.
 */
function probes(ctx: TestContext, alice: SignedIn) {
  const post = (body: Buffer, headers: Record<string, string> = {}, url = '/api/files?name=probe.png') =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...alice.headers, 'content-type': 'application/octet-stream', ...headers },
      payload: body,
    });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: alice.headers });
  const chunk = (data: Buffer, start: number, id?: string) => {
    const end = Math.min(start + UPLOAD_CHUNK_BYTES, data.length) - 1;
    return post(data.subarray(start, end + 1), {
      'content-range': `bytes ${start}-${end}/${data.length}`,
      ...(id ? { 'x-file-id': id } : {}),
    });
  };
  const unavailable = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(507);
    return (res.json() as { error: Record<string, unknown> }).error;
  };

  let stored: FileUpload;
  let pending: FileUpload;
  let large: Buffer;

  return {
    async beforeTheFailure() {
      const first = await post(await image(300));
      expect(first.statusCode, first.body).toBe(201);
      stored = first.json<FileUpload>();
      large = Buffer.concat([await image(12), randomBytes(UPLOAD_CHUNK_BYTES + 1000)]);
      const started = await chunk(large, 0);
      expect(started.statusCode, started.body).toBe(202);
      pending = started.json<FileUpload>();
    },

    async whileWritesFail() {
      const whole = unavailable(await post(await image(20)));
      expect(whole.code).toBe('STORAGE_UNAVAILABLE');
      expect(whole.message).toMatch(/storage is full or unavailable/);
      expect(unavailable(await chunk(large, 0)).code).toBe('STORAGE_UNAVAILABLE');
      // The last chunk is handed back: the upload keeps what it had and can be finished later.
      const last = unavailable(await chunk(large, UPLOAD_CHUNK_BYTES, pending.$id));
      expect(last).toMatchObject({
        code: 'STORAGE_UNAVAILABLE',
        fileId: pending.$id,
        uploaded: UPLOAD_CHUNK_BYTES,
      });
      const card = await post(
        await cardPng(V2_CARD),
        { 'content-type': 'image/png' },
        '/api/characters/import',
      );
      expect(unavailable(card).code).toBe('STORAGE_UNAVAILABLE');
      const generated = await ctx.app.inject({
        method: 'POST',
        url: '/api/generate/image',
        headers: alice.headers,
        payload: { prompt: 'a lighthouse at dusk' },
      });
      expect(unavailable(generated).code).toBe('STORAGE_UNAVAILABLE');

      const view = await get(stored.url);
      expect(view.statusCode).toBe(200);
      expect(view.rawPayload.length).toBe(stored.size);
      const preview = await get(`/api/files/${stored.$id}/preview?width=50`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect((await sharp(preview.rawPayload).metadata()).width).toBe(50);
    },

    async onceWritable() {
      const finished = await chunk(large, UPLOAD_CHUNK_BYTES, pending.$id);
      expect(finished.statusCode, finished.body).toBe(201);
      expect((await get(pending.url)).rawPayload.equals(large)).toBe(true);
      expect((await post(await image(20))).statusCode).toBe(201);
      const card = await post(
        await cardPng(V2_CARD),
        { 'content-type': 'image/png' },
        '/api/characters/import',
      );
      expect(card.statusCode, card.body).toBe(201);
    },
  };
}

/**
 * Takes `dir` away the way a lost mount or a botched restore does: the folder is moved aside and a
 * plain file stands in its place, so every write under it fails with ENOTDIR (whoever the process
 * runs as, root included). Answers the undo.
 */
function replaceWithFile(dir: string) {
  fs.renameSync(dir, `${dir}.away`);
  fs.writeFileSync(dir, '');
  return () => {
    fs.rmSync(dir);
    fs.renameSync(`${dir}.away`, dir);
  };
}

describe(`local disk storage that refuses writes (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx);
  const steps = probes(ctx, alice);

  it('answers 507 to every write, serves reads and previews, and recovers by itself', async () => {
    await steps.beforeTheFailure();
    const files = path.join(ctx.dataDir, 'files');
    const restore = ['tmp', 'uploads'].map((folder) => replaceWithFile(path.join(files, folder)));
    try {
      await steps.whileWritesFail();
    } finally {
      for (const undo of restore) undo();
    }
    await steps.onceWritable();
  });

  it('answers 503 with Retry-After to a read the disk cannot serve, and 200 once it can', async () => {
    const stored = await ctx.app.inject({
      method: 'POST',
      url: '/api/files?name=read-me.png',
      headers: { ...alice.headers, 'content-type': 'application/octet-stream' },
      payload: await image(16),
    });
    const { url } = stored.json<FileUpload>();
    const view = () => ctx.app.inject({ method: 'GET', url, headers: alice.headers });
    const restore = replaceWithFile(path.join(ctx.dataDir, 'files', 'objects'));
    try {
      const refused = await view();
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json().error.code).toBe('STORAGE_UNAVAILABLE');
    } finally {
      restore();
    }
    expect((await view()).statusCode).toBe(200);
  });
});

describe(`S3 storage whose bucket refuses writes (${TEST_DIALECT})`, () => {
  const s3 = useS3rver();
  const ctx = useTestApp(() => s3.env);
  const alice = useSignedIn(ctx);
  const steps = probes(ctx, alice);

  it('answers 507 to every write, serves reads and previews, and recovers by itself', async () => {
    await steps.beforeTheFailure();
    s3.refuseWrites(true);
    try {
      await steps.whileWritesFail();
    } finally {
      s3.refuseWrites(false);
    }
    await steps.onceWritable();
  });
});

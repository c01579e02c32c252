import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SAMPLE_VIDEO_URL, UPLOAD_CHUNK_BYTES, type FileUpload } from '@baegen/shared/contract';
import { buildApp } from '../../app';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const TINY_PNG = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#fff' } })
  .png()
  .toBuffer();

/** A real PNG padded with noise after its end, which decoders ignore: uploads of any size. */
function pngLike(size: number) {
  return Buffer.concat([TINY_PNG, randomBytes(size - TINY_PNG.length)]);
}

function filesOnDisk(dataDir: string, folder: 'objects' | 'uploads') {
  const root = path.join(dataDir, 'files', folder);
  return fs.existsSync(root)
    ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];
}

describe(`files API (${TEST_DIALECT})`, () => {
  let now = new Date('2026-01-10T10:00:00.000Z');
  const ctx = useTestApp({}, { clock: () => now });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  const send = (
    who: { headers: Record<string, string> },
    body: Buffer,
    headers: Record<string, string> = {},
    name = 'picture.png',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/files?name=${encodeURIComponent(name)}`,
      headers: { ...who.headers, 'content-type': 'application/octet-stream', ...headers },
      payload: body,
    });

  async function uploadChunked(data: Buffer, headers = alice.headers) {
    let id: string | undefined;
    let last: FileUpload | undefined;
    for (let start = 0; start < data.length; start += UPLOAD_CHUNK_BYTES) {
      const end = Math.min(start + UPLOAD_CHUNK_BYTES, data.length) - 1;
      const res = await send({ headers }, data.subarray(start, end + 1), {
        'content-range': `bytes ${start}-${end}/${data.length}`,
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

  it('stores a small image in one request and serves it back', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c3f' } })
      .png()
      .toBuffer();
    const res = await send(alice, png, {}, 'my photo.png');
    expect(res.statusCode).toBe(201);
    const file = res.json<FileUpload>();
    expect(file).toMatchObject({
      name: 'my photo.png',
      mimeType: 'image/png',
      size: png.length,
      status: 'ready',
      sha256: sha(png),
    });
    expect(file.url).toBe(`/api/files/${file.$id}/view`);

    const view = await ctx.app.inject({ method: 'GET', url: file.url, headers: alice.headers });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expect(sha(view.rawPayload)).toBe(sha(png));
    expect(view.headers.etag).toBe(`"${file.$id}"`);
    const again = await ctx.app.inject({
      method: 'GET',
      url: file.url,
      headers: { ...alice.headers, 'if-none-match': `"${file.$id}"` },
    });
    expect(again.statusCode).toBe(304);

    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${file.$id}/download`,
      headers: alice.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="my photo.png"; filename*=UTF-8''my%20photo.png`,
    );
    expect(sha(download.rawPayload)).toBe(sha(png));

    const ranged = await ctx.app.inject({
      method: 'GET',
      url: file.url,
      headers: { ...alice.headers, range: 'bytes=0-7' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-7/${png.length}`);
    expect(ranged.rawPayload.equals(PNG_MAGIC)).toBe(true);
  });

  it('reassembles a 12 MB upload sent in 5 MB chunks byte for byte', async () => {
    const data = pngLike(12 * 1024 * 1024);
    const file = await uploadChunked(data);
    // The last chunk answers as soon as the file is stored; its sha256 is recorded just after.
    expect(file).toMatchObject({ status: 'ready', size: data.length, uploaded: data.length });
    expect(await describeSettled(file.$id)).toEqual({ ...file, sha256: sha(data) });
    const view = await ctx.app.inject({ method: 'GET', url: file.url, headers: alice.headers });
    expect(view.rawPayload.length).toBe(data.length);
    expect(sha(view.rawPayload)).toBe(sha(data));
    expect(filesOnDisk(ctx.dataDir, 'uploads')).toEqual([]);
  });

  it('refuses out-of-order, overlapping, oversize and orphan chunks clearly', async () => {
    const data = pngLike(UPLOAD_CHUNK_BYTES * 2 + 100);
    const total = data.length;
    const first = await send(alice, data.subarray(0, UPLOAD_CHUNK_BYTES), {
      'content-range': `bytes 0-${UPLOAD_CHUNK_BYTES - 1}/${total}`,
    });
    expect(first.statusCode).toBe(202);
    const { $id: id, url } = first.json<FileUpload>();
    expect((await ctx.app.inject({ method: 'GET', url, headers: alice.headers })).statusCode).toBe(404);

    const skip = await send(alice, data.subarray(UPLOAD_CHUNK_BYTES * 2), {
      'content-range': `bytes ${UPLOAD_CHUNK_BYTES * 2}-${total - 1}/${total}`,
      'x-file-id': id,
    });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.code).toBe('CHUNK_OUT_OF_ORDER');

    const overlap = await send(alice, data.subarray(100, 200), {
      'content-range': `bytes 100-199/${total}`,
      'x-file-id': id,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.code).toBe('CHUNK_OVERLAP');

    const tooBig = await send(alice, pngLike(UPLOAD_CHUNK_BYTES + 1), {
      'content-range': `bytes ${UPLOAD_CHUNK_BYTES}-${UPLOAD_CHUNK_BYTES * 2}/${total}`,
      'x-file-id': id,
    });
    expect(tooBig.statusCode).toBe(413);

    const mismatch = await send(alice, data.subarray(UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES + 10), {
      'content-range': `bytes ${UPLOAD_CHUNK_BYTES}-${UPLOAD_CHUNK_BYTES + 99}/${total}`,
      'x-file-id': id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.code).toBe('CHUNK_SIZE_MISMATCH');

    const noId = await send(alice, data.subarray(UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES * 2), {
      'content-range': `bytes ${UPLOAD_CHUNK_BYTES}-${UPLOAD_CHUNK_BYTES * 2 - 1}/${total}`,
    });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error.code).toBe('UPLOAD_ID_REQUIRED');

    const bad = await send(alice, data.subarray(0, 10), { 'content-range': 'bytes 0-9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_CONTENT_RANGE');

    const stranger = await send(bob, data.subarray(UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES * 2), {
      'content-range': `bytes ${UPLOAD_CHUNK_BYTES}-${UPLOAD_CHUNK_BYTES * 2 - 1}/${total}`,
      'x-file-id': id,
    });
    expect(stranger.statusCode).toBe(404);

    const second = await send(alice, data.subarray(UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES * 2), {
      'content-range': `bytes ${UPLOAD_CHUNK_BYTES}-${UPLOAD_CHUNK_BYTES * 2 - 1}/${total}`,
      'x-file-id': id,
    });
    expect(second.statusCode).toBe(202);
    expect(second.json<FileUpload>().uploaded).toBe(UPLOAD_CHUNK_BYTES * 2);
  });

  /** A body sent without Content-Length (chunked), so only the streaming checks can catch it. */
  const streamed = (data: Buffer) => Readable.from([data.subarray(0, 1000), data.subarray(1000)]);
  const rowOf = (id: string) =>
    ctx.database.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();

  it('refuses a streamed first chunk longer or shorter than its Content-Range and keeps nothing', async () => {
    const rows = await ctx.database.db.selectFrom('files').select('id').execute();
    const uploadsBefore = filesOnDisk(ctx.dataDir, 'uploads').length;
    const data = pngLike(UPLOAD_CHUNK_BYTES * 2);
    for (const body of [data.subarray(0, 4000), data.subarray(0, 2000)]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/files?name=long.png',
        headers: {
          ...alice.headers,
          'content-type': 'application/octet-stream',
          'content-range': `bytes 0-2999/${data.length}`,
        },
        payload: streamed(body),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('CHUNK_SIZE_MISMATCH');
    }
    expect(filesOnDisk(ctx.dataDir, 'uploads').length).toBe(uploadsBefore);
    expect(await ctx.database.db.selectFrom('files').select('id').execute()).toHaveLength(rows.length);
  });

  it('refuses a streamed later chunk longer than its Content-Range without writing it', async () => {
    const data = pngLike(UPLOAD_CHUNK_BYTES * 2 + 10);
    const first = await send(alice, data.subarray(0, UPLOAD_CHUNK_BYTES), {
      'content-range': `bytes 0-${UPLOAD_CHUNK_BYTES - 1}/${data.length}`,
    });
    const { $id: id } = first.json<FileUpload>();
    const upload = path.join(ctx.dataDir, 'files', 'uploads', id);
    const tooLong = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: {
        ...alice.headers,
        'content-type': 'application/octet-stream',
        'content-range': `bytes ${UPLOAD_CHUNK_BYTES}-${UPLOAD_CHUNK_BYTES * 2 - 1}/${data.length}`,
        'x-file-id': id,
      },
      payload: streamed(Buffer.concat([data.subarray(UPLOAD_CHUNK_BYTES), Buffer.alloc(100)])),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('CHUNK_SIZE_MISMATCH');
    expect(fs.statSync(upload).size).toBe(UPLOAD_CHUNK_BYTES);
    expect(Number((await rowOf(id))!.size)).toBe(UPLOAD_CHUNK_BYTES);

    // The refused bytes left no trace in the file either.
    for (const start of [UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES * 2]) {
      const end = Math.min(start + UPLOAD_CHUNK_BYTES, data.length) - 1;
      const res = await send(alice, data.subarray(start, end + 1), {
        'content-range': `bytes ${start}-${end}/${data.length}`,
        'x-file-id': id,
      });
      expect(res.statusCode, res.body).toBe(end === data.length - 1 ? 201 : 202);
    }
    expect((await describeSettled(id)).sha256).toBe(sha(data));
  });

  it('answers 413 for a streamed body over the chunk size and stores nothing', async () => {
    const rows = await ctx.database.db.selectFrom('files').select('id').execute();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files?name=big.png',
      headers: { ...alice.headers, 'content-type': 'application/octet-stream' },
      payload: streamed(pngLike(UPLOAD_CHUNK_BYTES + 1)),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('CHUNK_TOO_LARGE');
    expect(await ctx.database.db.selectFrom('files').select('id').execute()).toHaveLength(rows.length);
  });

  it('describes an upload in progress to its owner only', async () => {
    const data = pngLike(UPLOAD_CHUNK_BYTES + 50);
    const first = await send(alice, data.subarray(0, UPLOAD_CHUNK_BYTES), {
      'content-range': `bytes 0-${UPLOAD_CHUNK_BYTES - 1}/${data.length}`,
    });
    const { $id: id } = first.json<FileUpload>();
    const described = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}`,
      headers: alice.headers,
    });
    expect(described.json<FileUpload>()).toMatchObject({
      $id: id,
      status: 'uploading',
      size: data.length,
      uploaded: UPLOAD_CHUNK_BYTES,
      sha256: null,
    });
    const other = await ctx.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: bob.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('FILE_NOT_FOUND');
  });

  it('records a sha256 the process stopped before recording at the next sweep', async () => {
    const data = pngLike(UPLOAD_CHUNK_BYTES + 10);
    const file = await uploadChunked(data);
    await ctx.app.storage.maintenance.settle();
    // What a stop right after the last chunk's answer leaves: a complete file with no sum yet.
    await ctx.database.db.updateTable('files').set({ sha256: null }).where('id', '=', file.$id).execute();
    expect((await rowOf(file.$id))!.sha256).toBeNull();
    await ctx.app.scheduler.run('files-sweep');
    expect((await rowOf(file.$id))!.sha256).toBe(sha(data));
  });

  it('records the right sha256 when the process restarts between chunks', async () => {
    const data = pngLike(UPLOAD_CHUNK_BYTES * 3 + 10);
    const chunk = (app: typeof ctx.app, index: number, id?: string) => {
      const start = index * UPLOAD_CHUNK_BYTES;
      const end = Math.min(start + UPLOAD_CHUNK_BYTES, data.length) - 1;
      return app.inject({
        method: 'POST',
        url: '/api/files?name=restart.png',
        headers: {
          ...alice.headers,
          'content-type': 'application/octet-stream',
          'content-range': `bytes ${start}-${end}/${data.length}`,
          ...(id ? { 'x-file-id': id } : {}),
        },
        payload: data.subarray(start, end + 1),
      });
    };
    const first = await chunk(ctx.app, 0);
    const { $id: id } = first.json<FileUpload>();
    expect((await chunk(ctx.app, 1, id)).statusCode).toBe(202);

    // A new process on the same data folder and database has no running hash for this upload.
    const reborn = await buildApp({ env: ctx.env, database: ctx.database, clock: () => now });
    await reborn.ready();
    try {
      expect((await chunk(reborn, 2, id)).statusCode).toBe(202);
    } finally {
      await reborn.close();
    }
    // Back on the first process, which did not see the chunk before.
    const last = await chunk(ctx.app, 3, id);
    expect(last.statusCode).toBe(201);
    expect((await describeSettled(id)).sha256).toBe(sha(data));
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}/view`,
      headers: alice.headers,
    });
    expect(sha(view.rawPayload)).toBe(sha(data));
  });

  it('answers 415 for a .png holding text and stores nothing', async () => {
    const before = filesOnDisk(ctx.dataDir, 'objects').length;
    const rows = await ctx.database.db.selectFrom('files').select('id').execute();
    const res = await send(
      alice,
      Buffer.from('just some text, not a picture\n'.repeat(20)),
      { 'content-type': 'image/png' },
      'fake.png',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(filesOnDisk(ctx.dataDir, 'objects').length).toBe(before);
    expect(await ctx.database.db.selectFrom('files').select('id').execute()).toHaveLength(rows.length);
  });

  it('answers 413 for a file over the cap and stores nothing', async () => {
    const uploadsBefore = filesOnDisk(ctx.dataDir, 'uploads').length;
    const rows = await ctx.database.db.selectFrom('files').select('id').execute();
    const total = 21 * 1024 * 1024;
    const res = await send(alice, pngLike(UPLOAD_CHUNK_BYTES), {
      'content-range': `bytes 0-${UPLOAD_CHUNK_BYTES - 1}/${total}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('FILE_TOO_LARGE');
    const single = await send(alice, pngLike(UPLOAD_CHUNK_BYTES + 10));
    expect(single.statusCode).toBe(413);
    expect(filesOnDisk(ctx.dataDir, 'uploads').length).toBe(uploadsBefore);
    expect(await ctx.database.db.selectFrom('files').select('id').execute()).toHaveLength(rows.length);
  });

  it('answers previews of the requested size and format, kept beside the file until it goes', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const { $id: id } = (await send(alice, png)).json<FileUpload>();
    const url = `/api/files/${id}/preview?width=200&height=100&output=webp&quality=70`;
    const res = await ctx.app.inject({ method: 'GET', url, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 200, height: 100, format: 'webp' });
    const derived = path.join(ctx.dataDir, 'files', 'derived', id);
    expect(fs.readdirSync(derived)).toEqual(['200x100-q70.webp']);
    const again = await ctx.app.inject({ method: 'GET', url, headers: alice.headers });
    expect(sha(again.rawPayload)).toBe(sha(res.rawPayload));

    const widthOnly = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}/preview?width=400&output=jpg`,
      headers: alice.headers,
    });
    expect(await sharp(widthOnly.rawPayload).metadata()).toMatchObject({
      width: 400,
      height: 300,
      format: 'jpeg',
    });

    const tooWide = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}/preview?width=4001`,
      headers: alice.headers,
    });
    expect(tooWide.statusCode).toBe(400);

    expect(fs.readdirSync(derived)).toHaveLength(2);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/files/${id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(fs.existsSync(derived)).toBe(false);
  });

  it("answers 404 for another user's file and for a deleted one", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { $id: id } = (await send(alice, png)).json<FileUpload>();
    for (const suffix of ['', '/view', '/download', '/preview?width=4']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/files/${id}${suffix}`,
        headers: bob.headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('FILE_NOT_FOUND');
    }
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: bob.headers })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: alice.headers }))
        .statusCode,
    ).toBe(204);
    for (const suffix of ['', '/view']) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/files/${id}${suffix}`, headers: alice.headers }))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: alice.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('requires a session for every files route', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/files',
          payload: PNG_MAGIC,
          headers: { 'content-type': 'application/octet-stream' },
        })
      ).statusCode,
    ).toBe(401);
    for (const url of ['/api/files/abc', '/api/files/abc/view']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('leaves no visible file after a crash between chunks, and the sweeper removes the upload', async () => {
    const data = pngLike(UPLOAD_CHUNK_BYTES + 1000);
    const first = await send(alice, data.subarray(0, UPLOAD_CHUNK_BYTES), {
      'content-range': `bytes 0-${UPLOAD_CHUNK_BYTES - 1}/${data.length}`,
    });
    const { $id: id } = first.json<FileUpload>();

    // A new process on the same data folder and database.
    const reborn = await buildApp({ env: ctx.env, database: ctx.database, clock: () => now });
    await reborn.ready();
    try {
      const view = await reborn.inject({
        method: 'GET',
        url: `/api/files/${id}/view`,
        headers: alice.headers,
      });
      expect(view.statusCode).toBe(404);
      expect(fs.existsSync(path.join(ctx.dataDir, 'files', 'uploads', id))).toBe(true);

      now = new Date(now.getTime() + 2 * 3600_000);
      await reborn.scheduler.run('files-sweep');
      expect(fs.existsSync(path.join(ctx.dataDir, 'files', 'uploads', id))).toBe(false);
      const row = await ctx.database.db
        .selectFrom('files')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
      const late = await reborn.inject({
        method: 'POST',
        url: '/api/files',
        headers: {
          ...alice.headers,
          'content-type': 'application/octet-stream',
          'content-range': `bytes ${UPLOAD_CHUNK_BYTES}-${data.length - 1}/${data.length}`,
          'x-file-id': id,
        },
        payload: data.subarray(UPLOAD_CHUNK_BYTES),
      });
      expect(late.statusCode).toBe(404);
    } finally {
      await reborn.close();
    }
  });

  it('answers 409 and drops the upload when a crash lost acknowledged chunks', async () => {
    const data = pngLike(UPLOAD_CHUNK_BYTES * 2 + 10);
    const first = await send(alice, data.subarray(0, UPLOAD_CHUNK_BYTES), {
      'content-range': `bytes 0-${UPLOAD_CHUNK_BYTES - 1}/${data.length}`,
    });
    const { $id: id } = first.json<FileUpload>();
    // What a power cut can leave: the acknowledged chunk never reached the disk.
    fs.truncateSync(path.join(ctx.dataDir, 'files', 'uploads', id), 1000);
    const next = await send(alice, data.subarray(UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES * 2), {
      'content-range': `bytes ${UPLOAD_CHUNK_BYTES}-${UPLOAD_CHUNK_BYTES * 2 - 1}/${data.length}`,
      'x-file-id': id,
    });
    expect(next.statusCode).toBe(409);
    expect(next.json().error.code).toBe('UPLOAD_INTERRUPTED');
    expect(fs.existsSync(path.join(ctx.dataDir, 'files', 'uploads', id))).toBe(false);
    expect(
      await ctx.database.db.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('draws the default avatar as cacheable SVG without a session', async () => {
    const url = '/api/avatars/shapes?seed=Luna&size=128';
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toMatch(/^<svg[^>]+width="128"/);
    expect((await ctx.app.inject({ method: 'GET', url })).body).toBe(res.body);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/avatars/shapes?seed=Nova' })).body).not.toBe(
      res.body,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/avatars/shapes?seed=x&size=5000' })).statusCode,
    ).toBe(400);
  });

  it('serves the sample video with its type, caching and ranges', async () => {
    const whole = await ctx.app.inject({ method: 'GET', url: SAMPLE_VIDEO_URL });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toMatch(/max-age=/);
    expect(whole.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const part = await ctx.app.inject({
      method: 'GET',
      url: SAMPLE_VIDEO_URL,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    const beyond = await ctx.app.inject({
      method: 'GET',
      url: SAMPLE_VIDEO_URL,
      headers: { range: `bytes=${whole.rawPayload.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });
});

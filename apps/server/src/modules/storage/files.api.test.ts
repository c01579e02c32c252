import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SAMPLE_VIDEO_URL, type FileUpload } from '@baegen/shared/contract';
import { TEST_DIALECT } from '../../test/test-app';
import { PNG_MAGIC, sha, solidPng, useFilesSuite } from '../../test/upload-kit';

describe(`files API (${TEST_DIALECT})`, () => {
  const { ctx, alice, bob, send } = useFilesSuite();
  const get = (url: string, headers: Record<string, string> = alice.headers) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const remove = (id: string, who = alice) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: who.headers });

  it('stores a small image in one request and serves it back', async () => {
    const png = await solidPng(40, 30, '#c3f');
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

    const view = await get(file.url);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expect(sha(view.rawPayload)).toBe(sha(png));
    expect(view.headers.etag).toBe(`"${file.$id}"`);
    const again = await get(file.url, { ...alice.headers, 'if-none-match': `"${file.$id}"` });
    expect(again.statusCode).toBe(304);

    const download = await get(`/api/files/${file.$id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="my photo.png"; filename*=UTF-8''my%20photo.png`,
    );
    expect(sha(download.rawPayload)).toBe(sha(png));

    const ranged = await get(file.url, { ...alice.headers, range: 'bytes=0-7' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-7/${png.length}`);
    expect(ranged.rawPayload.equals(PNG_MAGIC)).toBe(true);
  });

  it('answers previews of the requested size and format, kept beside the file until it goes', async () => {
    const { $id: id } = (await send(alice, await solidPng(800, 600, '#08f'))).json<FileUpload>();
    const url = `/api/files/${id}/preview?width=200&height=100&output=webp&quality=70`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 200, height: 100, format: 'webp' });
    const derived = path.join(ctx.dataDir, 'files', 'derived', id);
    expect(fs.readdirSync(derived)).toEqual(['200x100-q70.webp']);
    const again = await get(url);
    expect(sha(again.rawPayload)).toBe(sha(res.rawPayload));

    const widthOnly = await get(`/api/files/${id}/preview?width=400&output=jpg`);
    expect(await sharp(widthOnly.rawPayload).metadata()).toMatchObject({
      width: 400,
      height: 300,
      format: 'jpeg',
    });

    expect((await get(`/api/files/${id}/preview?width=4001`)).statusCode).toBe(400);

    expect(fs.readdirSync(derived)).toHaveLength(2);
    expect((await remove(id)).statusCode).toBe(204);
    expect(fs.existsSync(derived)).toBe(false);
  });

  it("answers 404 for another user's file and for a deleted one", async () => {
    const { $id: id } = (await send(alice, await solidPng(8, 8, '#000'))).json<FileUpload>();
    for (const suffix of ['', '/view', '/download', '/preview?width=4']) {
      const res = await get(`/api/files/${id}${suffix}`, bob.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('FILE_NOT_FOUND');
    }
    expect((await remove(id, bob)).statusCode).toBe(404);
    expect((await remove(id)).statusCode).toBe(204);
    for (const suffix of ['', '/view']) {
      expect((await get(`/api/files/${id}${suffix}`)).statusCode).toBe(404);
    }
    expect((await remove(id)).statusCode).toBe(404);
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
      expect((await get(url, {})).statusCode).toBe(401);
    }
  });

  it('draws the default avatar as cacheable SVG without a session', async () => {
    const url = '/api/avatars/shapes?seed=Luna&size=128';
    const res = await get(url, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toMatch(/^<svg[^>]+width="128"/);
    expect((await get(url, {})).body).toBe(res.body);
    expect((await get('/api/avatars/shapes?seed=Nova', {})).body).not.toBe(res.body);
    expect((await get('/api/avatars/shapes?seed=x&size=5000', {})).statusCode).toBe(400);
  });

  it('serves the sample video with its type, caching and ranges', async () => {
    const whole = await get(SAMPLE_VIDEO_URL, {});
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toMatch(/max-age=/);
    expect(whole.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const part = await get(SAMPLE_VIDEO_URL, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    const beyond = await get(SAMPLE_VIDEO_URL, { range: `bytes=${whole.rawPayload.length}-` });
    expect(beyond.statusCode).toBe(416);
  });
});

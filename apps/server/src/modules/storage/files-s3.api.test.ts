import { createHash, randomBytes } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES, type FileUpload } from '@baegen/shared/contract';
import { type S3rverKit, startS3rver } from '../../test/s3rver-kit';
import { freePort } from '../../../../../scripts/test-support.mjs';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe(`files API on S3 storage (${TEST_DIALECT})`, () => {
  let s3: S3rverKit;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => {
    await s3.close();
  });
  const ctx = useTestApp(() => s3.env);
  const alice = useSignedIn(ctx);

  async function keysInBucket() {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    client.destroy();
    return (listed.Contents ?? []).map((object) => object.Key).sort();
  }

  it('takes a 12 MB upload in 5 MB chunks, serves ranges of it and deletes every object of it', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c3f' } })
      .png()
      .toBuffer();
    // Noise after a PNG's end is ignored by decoders: an image of any size.
    const data = Buffer.concat([png, randomBytes(12 * 1024 * 1024 - png.length)]);
    let file: FileUpload | undefined;
    for (let start = 0; start < data.length; start += UPLOAD_CHUNK_BYTES) {
      const end = Math.min(start + UPLOAD_CHUNK_BYTES, data.length) - 1;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/files?name=big.png',
        headers: {
          ...alice.headers,
          'content-type': 'application/octet-stream',
          'content-range': `bytes ${start}-${end}/${data.length}`,
          ...(file ? { 'x-file-id': file.$id } : {}),
        },
        payload: data.subarray(start, end + 1),
      });
      expect(res.statusCode, res.body).toBe(end === data.length - 1 ? 201 : 202);
      file = res.json<FileUpload>();
    }
    const id = file!.$id;
    expect(await keysInBucket()).toEqual([`objects/${id}`]);

    await ctx.app.storage.maintenance.settle();
    const described = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}`,
      headers: alice.headers,
    });
    expect(described.json<FileUpload>()).toMatchObject({
      status: 'ready',
      size: data.length,
      sha256: sha(data),
    });

    const [first, last] = [UPLOAD_CHUNK_BYTES - 4, UPLOAD_CHUNK_BYTES + 3];
    const ranged = await ctx.app.inject({
      method: 'GET',
      url: file!.url,
      headers: { ...alice.headers, range: `bytes=${first}-${last}` },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes ${first}-${last}/${data.length}`);
    expect(ranged.rawPayload.equals(data.subarray(first, last + 1))).toBe(true);

    const suffix = await ctx.app.inject({
      method: 'GET',
      url: file!.url,
      headers: { ...alice.headers, range: 'bytes=-10' },
    });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(data.subarray(-10))).toBe(true);

    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}/preview?width=20&output=webp`,
      headers: alice.headers,
    });
    expect(preview.statusCode).toBe(200);
    expect((await keysInBucket()).filter((key) => key?.startsWith(`derived/${id}/`))).toHaveLength(1);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/files/${id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await keysInBucket()).toEqual([]);
  });
});

describe(`files API with its S3 store out of reach (${TEST_DIALECT})`, () => {
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
  });
  const ctx = useTestApp(() => ({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'nowhere',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }));
  const alice = useSignedIn(ctx);

  it('answers an upload with 507 STORAGE_UNAVAILABLE, not a server error', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0af' } })
      .png()
      .toBuffer();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files?name=small.png',
      headers: { ...alice.headers, 'content-type': 'application/octet-stream' },
      payload: png,
    });
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toMatchObject({ error: { code: 'STORAGE_UNAVAILABLE' } });
  });
});

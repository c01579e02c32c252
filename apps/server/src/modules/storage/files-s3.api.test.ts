import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '@baegen/shared/contract';
import { postFile } from '../../test/generation-kit';
import { useS3rver } from '../../test/s3rver-kit';
import { freePort } from '../../../../../scripts/test-support.mjs';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';
import { sha, solidPng, useFilesSuite } from '../../test/upload-kit';

describe(`files API on S3 storage (${TEST_DIALECT})`, () => {
  const s3 = useS3rver();
  const { ctx, alice, sendRest, describeSettled } = useFilesSuite(() => s3.env);
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...alice.headers, ...headers } });

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
    const png = await solidPng(40, 30, '#c3f');
    // Noise after a PNG's end is ignored by decoders: an image of any size.
    const data = Buffer.concat([png, randomBytes(12 * 1024 * 1024 - png.length)]);
    const file = await sendRest(data);
    const id = file.$id;
    expect(await keysInBucket()).toEqual([`objects/${id}`]);

    expect(await describeSettled(id)).toMatchObject({
      status: 'ready',
      size: data.length,
      sha256: sha(data),
    });

    const [first, last] = [UPLOAD_CHUNK_BYTES - 4, UPLOAD_CHUNK_BYTES + 3];
    const ranged = await get(file.url, { range: `bytes=${first}-${last}` });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes ${first}-${last}/${data.length}`);
    expect(ranged.rawPayload.equals(data.subarray(first, last + 1))).toBe(true);

    const suffix = await get(file.url, { range: 'bytes=-10' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(data.subarray(-10))).toBe(true);

    const preview = await get(`/api/files/${id}/preview?width=20&output=webp`);
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
    const res = await postFile(ctx, alice, 'small.png', await solidPng(8, 8, '#0af'));
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toMatchObject({ error: { code: 'STORAGE_UNAVAILABLE' } });
  });
});

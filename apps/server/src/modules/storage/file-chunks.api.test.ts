import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES, type FileUpload } from '@baegen/shared/contract';
import { TEST_DIALECT } from '../../test/test-app';
import { filesOnDisk, pngLike, sha, useFilesSuite } from '../../test/upload-kit';

const C = UPLOAD_CHUNK_BYTES;

describe(`chunked uploads (${TEST_DIALECT})`, () => {
  const { ctx, alice, bob, send, startUpload, sendRest, describeSettled } = useFilesSuite();

  it('reassembles a 12 MB upload sent in 5 MB chunks byte for byte', async () => {
    const data = pngLike(12 * 1024 * 1024);
    const file = await sendRest(data);
    // The last chunk answers as soon as the file is stored; its sha256 is recorded just after.
    expect(file).toMatchObject({ status: 'ready', size: data.length, uploaded: data.length });
    expect(await describeSettled(file.$id)).toEqual({ ...file, sha256: sha(data) });
    const view = await ctx.app.inject({ method: 'GET', url: file.url, headers: alice.headers });
    expect(view.rawPayload.length).toBe(data.length);
    expect(sha(view.rawPayload)).toBe(sha(data));
    expect(filesOnDisk(ctx.dataDir, 'uploads')).toEqual([]);
  });

  it('refuses out-of-order, overlapping, oversize and orphan chunks clearly', async () => {
    const data = pngLike(C * 2 + 100);
    const total = data.length;
    const { $id: id, url } = await startUpload(data);
    expect((await ctx.app.inject({ method: 'GET', url, headers: alice.headers })).statusCode).toBe(404);

    const refusals = [
      { body: data.subarray(C * 2), range: `${C * 2}-${total - 1}`, status: 409, code: 'CHUNK_OUT_OF_ORDER' },
      { body: data.subarray(100, 200), range: '100-199', status: 409, code: 'CHUNK_OVERLAP' },
      { body: pngLike(C + 1), range: `${C}-${C * 2}`, status: 413 },
      { body: data.subarray(C, C + 10), range: `${C}-${C + 99}`, status: 400, code: 'CHUNK_SIZE_MISMATCH' },
      {
        body: data.subarray(C, C * 2),
        range: `${C}-${C * 2 - 1}`,
        anonymous: true,
        status: 400,
        code: 'UPLOAD_ID_REQUIRED',
      },
      {
        body: data.subarray(0, 10),
        header: 'bytes 0-9',
        anonymous: true,
        status: 400,
        code: 'INVALID_CONTENT_RANGE',
      },
      { body: data.subarray(C, C * 2), range: `${C}-${C * 2 - 1}`, who: bob, status: 404 },
    ];
    for (const { body, range, header, anonymous, who, status, code } of refusals) {
      const res = await send(who ?? alice, body, {
        'content-range': header ?? `bytes ${range}/${total}`,
        ...(anonymous ? {} : { 'x-file-id': id }),
      });
      expect(res.statusCode, range ?? header).toBe(status);
      if (code) expect(res.json().error.code).toBe(code);
    }

    const second = await send(alice, data.subarray(C, C * 2), {
      'content-range': `bytes ${C}-${C * 2 - 1}/${total}`,
      'x-file-id': id,
    });
    expect(second.statusCode).toBe(202);
    expect(second.json<FileUpload>().uploaded).toBe(C * 2);
  });

  it('describes an upload in progress to its owner only', async () => {
    const data = pngLike(C + 50);
    const { $id: id } = await startUpload(data);
    const described = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}`,
      headers: alice.headers,
    });
    expect(described.json<FileUpload>()).toMatchObject({
      $id: id,
      status: 'uploading',
      size: data.length,
      uploaded: C,
      sha256: null,
    });
    const other = await ctx.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: bob.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('FILE_NOT_FOUND');
  });
});

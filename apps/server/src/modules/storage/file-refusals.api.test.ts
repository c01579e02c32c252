import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '@baegen/shared/contract';
import { TEST_DIALECT } from '../../test/test-app';
import { filesOnDisk, pngLike, sha, streamed, useFilesSuite } from '../../test/upload-kit';

const C = UPLOAD_CHUNK_BYTES;

describe(`refused uploads (${TEST_DIALECT})`, () => {
  const { ctx, alice, send, startUpload, sendRest, describeSettled, rowOf, fileIds } = useFilesSuite();

  /** Runs `act` and checks it left no new row and no new file in `folder`. */
  async function keepsNothing(folder: 'objects' | 'uploads', act: () => Promise<void>) {
    const onDisk = filesOnDisk(ctx.dataDir, folder).length;
    const rows = (await fileIds()).length;
    await act();
    expect(filesOnDisk(ctx.dataDir, folder).length).toBe(onDisk);
    expect(await fileIds()).toHaveLength(rows);
  }

  it('refuses a streamed first chunk longer or shorter than its Content-Range and keeps nothing', async () => {
    const data = pngLike(C * 2);
    await keepsNothing('uploads', async () => {
      for (const body of [data.subarray(0, 4000), data.subarray(0, 2000)]) {
        const res = await send(
          alice,
          streamed(body),
          { 'content-range': `bytes 0-2999/${data.length}` },
          'long.png',
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('CHUNK_SIZE_MISMATCH');
      }
    });
  });

  it('refuses a streamed later chunk longer than its Content-Range without writing it', async () => {
    const data = pngLike(C * 2 + 10);
    const { $id: id } = await startUpload(data);
    const tooLong = await send(alice, streamed(Buffer.concat([data.subarray(C), Buffer.alloc(100)])), {
      'content-range': `bytes ${C}-${C * 2 - 1}/${data.length}`,
      'x-file-id': id,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('CHUNK_SIZE_MISMATCH');
    expect(fs.statSync(path.join(ctx.dataDir, 'files', 'uploads', id)).size).toBe(C);
    expect(Number((await rowOf(id))!.size)).toBe(C);

    // The refused bytes left no trace in the file either.
    await sendRest(data, C, id);
    expect((await describeSettled(id)).sha256).toBe(sha(data));
  });

  it('answers 413 for a streamed body over the chunk size and stores nothing', async () => {
    await keepsNothing('uploads', async () => {
      const res = await send(alice, streamed(pngLike(C + 1)), {}, 'big.png');
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('CHUNK_TOO_LARGE');
    });
  });

  it('answers 415 for a .png holding text and stores nothing', async () => {
    await keepsNothing('objects', async () => {
      const text = Buffer.from('just some text, not a picture\n'.repeat(20));
      const res = await send(alice, text, { 'content-type': 'image/png' }, 'fake.png');
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_FILE_TYPE');
    });
  });

  it('answers 413 for a file over the cap and stores nothing', async () => {
    await keepsNothing('uploads', async () => {
      const res = await send(alice, pngLike(C), { 'content-range': `bytes 0-${C - 1}/${21 * 1024 * 1024}` });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('FILE_TOO_LARGE');
      expect((await send(alice, pngLike(C + 10))).statusCode).toBe(413);
    });
  });
});

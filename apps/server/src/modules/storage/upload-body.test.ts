import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UploadBody } from './upload-body';

const bytes = (length: number, fill = 1) => Buffer.alloc(length, fill);

async function collect(body: UploadBody) {
  const pieces: Buffer[] = [];
  for await (const piece of body.pieces()) pieces.push(piece);
  return Buffer.concat(pieces);
}

describe('UploadBody', () => {
  it('shows the first bytes without consuming them', async () => {
    const data = Buffer.concat([bytes(10, 1), bytes(20, 2), bytes(30, 3)]);
    const body = new UploadBody(
      Readable.from([data.subarray(0, 10), data.subarray(10, 30), data.subarray(30)]),
      60,
      100,
    );
    expect((await body.head(16)).subarray(0, 16)).toEqual(data.subarray(0, 16));
    expect(await collect(body)).toEqual(data);
  });

  it('refuses a body longer or shorter than announced', async () => {
    const long = new UploadBody(Readable.from([bytes(50), bytes(50)]), 60, 1000);
    await expect(collect(long)).rejects.toMatchObject({ statusCode: 400, code: 'CHUNK_SIZE_MISMATCH' });
    const short = new UploadBody(Readable.from([bytes(50)]), 60, 1000);
    await expect(collect(short)).rejects.toMatchObject({ statusCode: 400, code: 'CHUNK_SIZE_MISMATCH' });
  });

  it('refuses a body of unannounced size once it passes the limit', async () => {
    const body = new UploadBody(Readable.from([bytes(600), bytes(600)]), null, 1000);
    await expect(body.toBuffer()).rejects.toMatchObject({ statusCode: 413, code: 'CHUNK_TOO_LARGE' });
  });

  it('fails when the client goes away before the body is complete', async () => {
    const stream = new PassThrough();
    const body = new UploadBody(stream, 100, 1000);
    stream.write(bytes(40));
    const reading = collect(body);
    setImmediate(() => stream.destroy());
    await expect(reading).rejects.toThrow('went away');
  });

  it('lets the unread rest of a refused body flow past once released', async () => {
    const stream = new PassThrough();
    const body = new UploadBody(stream, 100, 1000);
    stream.write(bytes(40));
    await body.head(10);
    body.release();
    stream.end(bytes(60));
    await new Promise((resolve) => stream.once('end', resolve));
    expect(stream.readableEnded).toBe(true);
  });
});

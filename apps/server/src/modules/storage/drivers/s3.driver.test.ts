import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadGapError } from '../storage-driver.port';
import { type S3rverKit, startS3rver } from '../../../test/s3rver-kit';
import { S3Driver } from './s3.driver';
import { storageDriverContract } from './storage-driver.contract';

const driverOn = (s3: S3rverKit) =>
  new S3Driver({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    ...s3.credentials,
  });

describe('S3Driver on s3rver', () => {
  storageDriverContract(async () => {
    const s3 = await startS3rver();
    const driver = driverOn(s3);
    return {
      driver,
      cleanup: async () => {
        await driver.close();
        await s3.close();
      },
    };
  });
});

describe('S3Driver multipart uploads', () => {
  const MB = 1024 * 1024;
  let s3: S3rverKit;
  let driver: S3Driver;

  beforeEach(async () => {
    s3 = await startS3rver();
    driver = driverOn(s3);
  });
  afterEach(async () => {
    await driver.close();
    await s3.close();
  });

  async function bytesOf(key: string, range?: { start: number; end: number }) {
    const chunks: Buffer[] = [];
    for await (const chunk of await driver.read(key, range)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it('sends 5 MB chunks as parts and the short last one with them', async () => {
    const data = randomBytes(12 * MB);
    for (let start = 0; start < data.length; start += 5 * MB) {
      await driver.appendUpload('big', start, data.subarray(start, start + 5 * MB));
    }
    expect(await driver.uploadSize('big')).toBe(data.length);
    expect(await driver.size('big')).toBeNull();
    await driver.completeUpload('big');
    expect(await driver.uploadSize('big')).toBeNull();
    expect(await driver.size('big')).toBe(data.length);
    expect(await driver.sha256('big')).toBe(createHash('sha256').update(data).digest('hex'));
    const across = { start: 5 * MB - 10, end: 5 * MB + 9 };
    expect(await bytesOf('big', across)).toEqual(data.subarray(across.start, across.end + 1));
  });

  it('replaces a part written again after a crash lost its record', async () => {
    const first = randomBytes(5 * MB);
    const lost = randomBytes(5 * MB);
    const again = randomBytes(5 * MB);
    await driver.appendUpload('retried', 0, first);
    await driver.appendUpload('retried', first.length, lost);
    await driver.appendUpload('retried', first.length, again);
    await driver.appendUpload('retried', 2 * first.length, Buffer.from('end'));
    await driver.completeUpload('retried');
    expect((await bytesOf('retried')).equals(Buffer.concat([first, again, Buffer.from('end')]))).toBe(true);
  });

  it('reports a cut inside a part already sent as a gap, since a part cannot be shortened', async () => {
    await driver.appendUpload('cut', 0, randomBytes(5 * MB));
    await expect(driver.appendUpload('cut', 3 * MB, Buffer.from('x'))).rejects.toBeInstanceOf(UploadGapError);
    await driver.abortUpload('cut');
    expect(await driver.uploadSize('cut')).toBeNull();
  });
});

import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type StorageDriver, UploadGapError } from '../storage-driver.port';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The behaviour every StorageDriver must have. A driver's test file calls this inside a describe
 * block with a factory for a fresh, empty driver and its cleanup.
 */
export function storageDriverContract(
  make: () => Promise<{ driver: StorageDriver; cleanup(): Promise<void> }>,
) {
  let driver: StorageDriver;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    ({ driver, cleanup } = await make());
  });
  afterEach(async () => {
    await cleanup();
  });

  it('answers a readiness ping while the store works', async () => {
    await expect(driver.ping()).resolves.toBeUndefined();
  });

  it('stores, reads, sizes and deletes a whole file', async () => {
    const data = randomBytes(70_000);
    await driver.put('file_1', data);
    expect(await driver.size('file_1')).toBe(data.length);
    expect(sha(await bytesOf(await driver.read('file_1')))).toBe(sha(data));
    await driver.delete('file_1');
    expect(await driver.size('file_1')).toBeNull();
    await expect(driver.read('file_1')).rejects.toThrow();
  });

  it('reads an inclusive byte range', async () => {
    const data = Buffer.from('0123456789');
    await driver.put('ranged', data);
    expect((await bytesOf(await driver.read('ranged', { start: 2, end: 5 }))).toString()).toBe('2345');
  });

  it('replaces a file on a second put', async () => {
    await driver.put('again', Buffer.from('first version'));
    await driver.put('again', Buffer.from('second'));
    expect((await bytesOf(await driver.read('again'))).toString()).toBe('second');
  });

  it('keeps a pending upload invisible until it is completed', async () => {
    const parts = [randomBytes(1000), randomBytes(500), randomBytes(10)];
    let offset = 0;
    for (const part of parts) {
      await driver.appendUpload('up', offset, part);
      offset += part.length;
      expect(await driver.size('up')).toBeNull();
    }
    expect(await driver.uploadSize('up')).toBe(offset);
    await driver.completeUpload('up');
    expect(await driver.uploadSize('up')).toBeNull();
    expect(sha(await bytesOf(await driver.read('up')))).toBe(sha(Buffer.concat(parts)));
  });

  it('cuts a tail left past the expected offset and refuses a gap', async () => {
    await driver.appendUpload('tail', 0, Buffer.from('abcdef'));
    await driver.appendUpload('tail', 3, Buffer.from('XY'));
    expect(await driver.uploadSize('tail')).toBe(5);
    await expect(driver.appendUpload('tail', 9, Buffer.from('gap'))).rejects.toBeInstanceOf(UploadGapError);
    await driver.completeUpload('tail');
    expect((await bytesOf(await driver.read('tail'))).toString()).toBe('abcXY');
  });

  it('appends a streamed source, and one that fails part way leaves the upload as it was', async () => {
    const first = randomBytes(3000);
    await driver.appendUpload('streamed', 0, first);
    const good = [randomBytes(70_000), randomBytes(5), randomBytes(200_000)];
    async function* pieces() {
      yield* good;
    }
    await driver.appendUpload('streamed', first.length, pieces());
    const held = Buffer.concat([first, ...good]);
    expect(await driver.uploadSize('streamed')).toBe(held.length);

    async function* failing() {
      // Enough for a write to reach the disk before the failure.
      yield randomBytes(1_500_000);
      throw new Error('client went away');
    }
    await expect(driver.appendUpload('streamed', held.length, failing())).rejects.toThrow('client went away');
    expect(await driver.uploadSize('streamed')).toBe(held.length);
    await driver.completeUpload('streamed');
    expect(sha(await bytesOf(await driver.read('streamed')))).toBe(sha(held));
  });

  it('answers the sha256 of a stored file, and rejects for a missing one', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 7);
    await driver.put('hashed', data);
    const again = Buffer.from('another file');
    await driver.put('hashed_too', again);
    // Two at once: each answer belongs to its own file.
    expect(await Promise.all([driver.sha256('hashed'), driver.sha256('hashed_too')])).toEqual([
      sha(data),
      sha(again),
    ]);
    await driver.appendUpload('pending', 0, Buffer.from('not complete'));
    await expect(driver.sha256('pending')).rejects.toThrow();
    await expect(driver.sha256('missing')).rejects.toThrow();
    expect(await driver.sha256('hashed')).toBe(sha(data));
  });

  it('drops an aborted upload', async () => {
    await driver.appendUpload('gone', 0, Buffer.from('partial'));
    await driver.abortUpload('gone');
    expect(await driver.uploadSize('gone')).toBeNull();
    await driver.abortUpload('gone');
    expect(await driver.size('gone')).toBeNull();
  });

  it('keeps derived objects per file and name, apart from the files themselves', async () => {
    await driver.put('source', Buffer.from('the file'));
    expect(await driver.getDerived('source', '200x100-q70.webp')).toBeNull();
    await driver.putDerived('source', '200x100-q70.webp', Buffer.from('small'));
    await driver.putDerived('source', '0x0-q80.png', Buffer.from('other'));
    await driver.putDerived('source', '0x0-q80.png', Buffer.from('replaced'));
    expect((await driver.getDerived('source', '200x100-q70.webp'))?.toString()).toBe('small');
    expect((await driver.getDerived('source', '0x0-q80.png'))?.toString()).toBe('replaced');
    expect(await driver.getDerived('elsewhere', '0x0-q80.png')).toBeNull();
    expect((await bytesOf(await driver.read('source'))).toString()).toBe('the file');
    expect(await driver.size('200x100-q70.webp')).toBeNull();
  });

  it('deletes the objects derived from a file with the file', async () => {
    await driver.put('doomed', Buffer.from('file'));
    await driver.putDerived('doomed', 'a.jpeg', Buffer.from('preview'));
    await driver.put('kept', Buffer.from('file'));
    await driver.putDerived('kept', 'a.jpeg', Buffer.from('preview'));
    await driver.delete('doomed');
    expect(await driver.getDerived('doomed', 'a.jpeg')).toBeNull();
    expect((await driver.getDerived('kept', 'a.jpeg'))?.toString()).toBe('preview');
    await driver.putDerived('orphan', 'a.jpeg', Buffer.from('preview'));
    await driver.delete('orphan');
    expect(await driver.getDerived('orphan', 'a.jpeg')).toBeNull();
  });

  it('lists derived objects with their sizes and removes them one by one', async () => {
    expect(await driver.listDerived()).toEqual([]);
    await driver.put('listed', Buffer.from('file'));
    await driver.putDerived('listed', 'a.jpeg', Buffer.from('12345'));
    await driver.putDerived('listed', 'b.png', Buffer.from('123'));
    await driver.putDerived('other', 'a.jpeg', Buffer.from('1'));
    const listed = await driver.listDerived();
    expect(
      listed.map(({ key, name, size }) => ({ key, name, size })).sort((a, b) => a.size - b.size),
    ).toEqual([
      { key: 'other', name: 'a.jpeg', size: 1 },
      { key: 'listed', name: 'b.png', size: 3 },
      { key: 'listed', name: 'a.jpeg', size: 5 },
    ]);
    for (const entry of listed) expect(entry.storedAt).toBeInstanceOf(Date);
    await driver.deleteDerived('listed', 'a.jpeg');
    await driver.deleteDerived('listed', 'missing.png');
    expect(await driver.getDerived('listed', 'a.jpeg')).toBeNull();
    expect((await driver.getDerived('listed', 'b.png'))?.toString()).toBe('123');
    expect((await driver.listDerived()).map((entry) => entry.name).sort()).toEqual(['a.jpeg', 'b.png']);
    expect((await bytesOf(await driver.read('listed'))).toString()).toBe('file');
  });

  it('refuses keys and derived names that could escape its namespace', async () => {
    await expect(driver.put('../evil', Buffer.from('x'))).rejects.toThrow();
    await expect(driver.read('a/b')).rejects.toThrow();
    await driver.put('base', Buffer.from('x'));
    for (const name of ['..', '../x', 'a/b', '.hidden', '']) {
      await expect(driver.putDerived('base', name, Buffer.from('x'))).rejects.toThrow();
      await expect(driver.getDerived('base', name)).rejects.toThrow();
    }
    await expect(driver.putDerived('../evil', 'a.png', Buffer.from('x'))).rejects.toThrow();
  });
}

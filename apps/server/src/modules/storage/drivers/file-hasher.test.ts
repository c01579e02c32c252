import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FileHasher } from './file-hasher';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('FileHasher', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-hasher-'));
  const hasher = new FileHasher();
  const write = (name: string, data: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return file;
  };

  afterEach(() => hasher.close());
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers the sha256 of each file, several at once', async () => {
    const big = randomBytes(6 * 1024 * 1024 + 3);
    const small = Buffer.from('a small file');
    const empty = Buffer.alloc(0);
    const files = [write('big', big), write('small', small), write('empty', empty)];
    expect(await Promise.all(files.map((file) => hasher.hash(file)))).toEqual([
      sha(big),
      sha(small),
      sha(empty),
    ]);
  });

  it('rejects with the file system error code for a missing file and keeps working', async () => {
    await expect(hasher.hash(path.join(dir, 'nothing-here'))).rejects.toMatchObject({ code: 'ENOENT' });
    const data = randomBytes(1000);
    expect(await hasher.hash(write('after', data))).toBe(sha(data));
  });

  it('rejects what is in flight when closed, and starts afresh on the next file', async () => {
    const file = write('large', randomBytes(64 * 1024 * 1024));
    const hashing = hasher.hash(file);
    await hasher.close();
    await expect(hashing).rejects.toThrow('hashing worker stopped');
    const data = randomBytes(10);
    expect(await hasher.hash(write('later', data))).toBe(sha(data));
  });
});

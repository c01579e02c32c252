import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, StorageDriver } from '../storage-driver.port';

const KEY = /^[A-Za-z0-9_-]{1,128}$/;

function assertKey(key: string) {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

async function fsyncDir(dir: string) {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files on local disk under `root`: `objects/<2 chars>/<key>` for complete files, `uploads/<key>`
 * for pending uploads and `tmp/` for writes in progress. All three share one file system, so a
 * rename publishes a fully written, fsynced file in one step and a crash never leaves half a
 * file under a real key.
 */
export class LocalDiskDriver implements StorageDriver {
  private readonly objects: string;
  private readonly uploads: string;
  private readonly tmp: string;

  constructor(root: string) {
    this.objects = path.join(root, 'objects');
    this.uploads = path.join(root, 'uploads');
    this.tmp = path.join(root, 'tmp');
    for (const dir of [this.objects, this.uploads, this.tmp]) fs.mkdirSync(dir, { recursive: true });
    // Leftovers of writes interrupted by a crash are never referenced by anything.
    for (const name of fs.readdirSync(this.tmp)) fs.rmSync(path.join(this.tmp, name), { force: true });
  }

  private objectPath(key: string) {
    assertKey(key);
    return path.join(this.objects, key.slice(0, 2), key);
  }

  private uploadPath(key: string) {
    assertKey(key);
    return path.join(this.uploads, key);
  }

  private async publish(from: string, key: string) {
    const target = this.objectPath(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(from, target);
    await fsyncDir(path.dirname(target));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.objectPath(key);
    const temp = path.join(this.tmp, `${path.basename(target)}.${randomBytes(6).toString('hex')}`);
    const handle = await fsp.open(temp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await this.publish(temp, key);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async appendUpload(key: string, offset: number, data: Buffer): Promise<void> {
    const file = this.uploadPath(key);
    const handle = await fsp.open(file, offset === 0 ? 'w' : 'r+');
    try {
      const { size } = await handle.stat();
      if (size < offset) throw new Error(`Upload ${key} holds ${size} bytes, cannot write at ${offset}`);
      if (size > offset) await handle.truncate(offset);
      let written = 0;
      while (written < data.length) {
        const { bytesWritten } = await handle.write(data, written, data.length - written, offset + written);
        written += bytesWritten;
      }
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  async uploadSize(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.uploadPath(key))).size;
    } catch {
      return null;
    }
  }

  async readUpload(key: string): Promise<Readable> {
    const file = this.uploadPath(key);
    await fsp.access(file);
    return fs.createReadStream(file);
  }

  async completeUpload(key: string): Promise<void> {
    await this.publish(this.uploadPath(key), key);
  }

  async abortUpload(key: string): Promise<void> {
    await fsp.rm(this.uploadPath(key), { force: true });
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.objectPath(key))).size;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.objectPath(key);
    // Opening first turns a missing file into a rejected promise instead of a stream error later.
    const handle = await fsp.open(file, 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.objectPath(key), { force: true });
  }
}

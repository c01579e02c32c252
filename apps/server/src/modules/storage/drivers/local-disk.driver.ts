import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange } from '../../../lib/byte-range';
import {
  type DerivedObject,
  type StorageDriver,
  UploadGapError,
  type UploadSource,
} from '../storage-driver.port';
import { FileHasher } from './file-hasher';
import { assertDerivedName, assertKey } from './storage-keys';
import { writeFully, writeSource } from './write-source';

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
 * for pending uploads, `derived/<key>/<name>` for objects derived from a file and `tmp/` for
 * writes in progress. All share one file system, so a rename publishes a fully written file in
 * one step and a crash never leaves half a file under a real key.
 */
export class LocalDiskDriver implements StorageDriver {
  private readonly objects: string;
  private readonly uploads: string;
  private readonly derived: string;
  private readonly tmp: string;
  /** Background flushes of written chunks, per upload. */
  private readonly flushing = new Map<string, Promise<void>>();
  private readonly hasher = new FileHasher();

  constructor(root: string) {
    this.objects = path.join(root, 'objects');
    this.uploads = path.join(root, 'uploads');
    this.derived = path.join(root, 'derived');
    this.tmp = path.join(root, 'tmp');
    for (const dir of [this.objects, this.uploads, this.derived, this.tmp]) {
      fs.mkdirSync(dir, { recursive: true });
    }
    // Leftovers of writes interrupted by a crash are never referenced by anything.
    for (const name of fs.readdirSync(this.tmp)) fs.rmSync(path.join(this.tmp, name), { force: true });
  }

  async ping(): Promise<void> {
    await fsp.access(this.tmp, fs.constants.R_OK | fs.constants.W_OK);
  }

  private objectPath(key: string) {
    assertKey(key);
    return path.join(this.objects, key.slice(0, 2), key);
  }

  private uploadPath(key: string) {
    assertKey(key);
    return path.join(this.uploads, key);
  }

  private derivedDir(key: string) {
    assertKey(key);
    return path.join(this.derived, key);
  }

  private derivedPath(key: string, name: string) {
    assertDerivedName(name);
    return path.join(this.derivedDir(key), name);
  }

  /** A temporary file holding `data`, flushed to disk, to be renamed into place. */
  private async writeTemp(name: string, data: Buffer) {
    const temp = path.join(this.tmp, `${name}.${randomBytes(6).toString('hex')}`);
    const handle = await fsp.open(temp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return temp;
  }

  private async publish(from: string, key: string) {
    const target = this.objectPath(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(from, target);
    await fsyncDir(path.dirname(target));
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertKey(key);
    const temp = await this.writeTemp(key, data);
    try {
      await this.publish(temp, key);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async appendUpload(key: string, offset: number, data: UploadSource): Promise<void> {
    const file = this.uploadPath(key);
    const handle = await fsp.open(file, offset === 0 ? 'w' : 'r+');
    // On success the handle stays open for the background flush, which closes it.
    let flushing = false;
    try {
      const { size } = await handle.stat();
      if (size < offset) throw new UploadGapError(key, size, offset);
      if (size > offset) await handle.truncate(offset);
      if (Buffer.isBuffer(data)) {
        await writeFully(handle, [data], offset);
      } else {
        try {
          await writeSource(handle, offset, data);
        } catch (error) {
          // A source that fails part way leaves nothing behind: the upload is as it was.
          await handle.truncate(offset);
          throw error;
        }
      }
      flushing = true;
    } finally {
      if (!flushing) await handle.close();
    }
    this.flushInBackground(key, handle);
  }

  /**
   * Starts flushing a chunk while the next one is on its way, so the flush that completes the
   * upload finds little left to write. Its outcome does not matter: durability comes from the
   * flush in `completeUpload`, which waits for these first.
   */
  private flushInBackground(key: string, handle: FileHandle) {
    const flushing = handle
      .datasync()
      .catch(() => undefined)
      .finally(() => handle.close())
      .catch(() => undefined);
    const before = this.flushing.get(key);
    const all = before ? Promise.all([before, flushing]).then(() => undefined) : flushing;
    this.flushing.set(key, all);
    void all.then(() => {
      if (this.flushing.get(key) === all) this.flushing.delete(key);
    });
  }

  private async settled(key: string) {
    await this.flushing.get(key);
  }

  async uploadSize(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.uploadPath(key))).size;
    } catch {
      return null;
    }
  }

  async completeUpload(key: string): Promise<void> {
    const file = this.uploadPath(key);
    await this.settled(key);
    // Chunks are not made durable one by one (a lost tail is caught by the next append); the
    // whole file is flushed here, before it becomes visible.
    const handle = await fsp.open(file, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await this.publish(file, key);
    } catch (error) {
      // Renamed but not made durable: moved back, so the upload stays pending and can be retried.
      await fsp.rename(this.objectPath(key), file).catch(() => undefined);
      throw error;
    }
  }

  async abortUpload(key: string): Promise<void> {
    await this.settled(key);
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

  sha256(key: string): Promise<string> {
    return this.hasher.hash(this.objectPath(key));
  }

  async putDerived(key: string, name: string, data: Buffer): Promise<void> {
    const target = this.derivedPath(key, name);
    const temp = await this.writeTemp(`${key}-${name}`, data);
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async getDerived(key: string, name: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.derivedPath(key, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async listDerived(): Promise<DerivedObject[]> {
    const found: DerivedObject[] = [];
    for (const key of await fsp.readdir(this.derived)) {
      // Files deleted while the listing runs are simply left out.
      const names = await fsp.readdir(path.join(this.derived, key)).catch(() => []);
      for (const name of names) {
        const stat = await fsp.stat(path.join(this.derived, key, name)).catch(() => null);
        if (stat?.isFile()) found.push({ key, name, size: stat.size, storedAt: stat.mtime });
      }
    }
    return found;
  }

  async deleteDerived(key: string, name: string): Promise<void> {
    await fsp.rm(this.derivedPath(key, name), { force: true });
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.objectPath(key), { force: true });
    await fsp.rm(this.derivedDir(key), { recursive: true, force: true });
  }

  async close(): Promise<void> {
    await this.hasher.close();
  }
}

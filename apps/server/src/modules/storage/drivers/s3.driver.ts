import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ByteRange } from '../../../lib/byte-range';
import type { DerivedObject, StorageDriver, UploadSource } from '../storage-driver.port';
import { S3Bucket, type S3Options } from './s3-bucket';
import { S3Uploads } from './s3-uploads';
import { assertDerivedName, assertKey, isKey } from './storage-keys';

/**
 * Files in an S3 bucket (AWS or any S3-compatible store): `objects/<key>` for complete files,
 * `derived/<key>/<name>` for objects derived from a file and `uploads/<key>/` for pending uploads
 * (see S3Uploads). Every instance of the server sharing the bucket sees the same files.
 */
export class S3Driver implements StorageDriver {
  private readonly bucket: S3Bucket;
  private readonly uploads: S3Uploads;

  constructor(options: S3Options) {
    this.bucket = new S3Bucket(options);
    this.uploads = new S3Uploads(this.bucket, (key) => this.objectKey(key));
  }

  private objectKey(key: string) {
    assertKey(key);
    return `objects/${key}`;
  }

  private derivedPrefix(key: string) {
    assertKey(key);
    return `derived/${key}/`;
  }

  private derivedKey(key: string, name: string) {
    assertDerivedName(name);
    return this.derivedPrefix(key) + name;
  }

  ping(): Promise<void> {
    return this.bucket.ping();
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.bucket.put(this.objectKey(key), data);
  }

  async appendUpload(key: string, offset: number, data: UploadSource): Promise<void> {
    assertKey(key);
    await this.uploads.append(key, offset, data);
  }

  async uploadSize(key: string): Promise<number | null> {
    assertKey(key);
    return this.uploads.size(key);
  }

  async completeUpload(key: string): Promise<void> {
    assertKey(key);
    await this.uploads.complete(key);
  }

  async abortUpload(key: string): Promise<void> {
    assertKey(key);
    await this.uploads.abort(key);
  }

  async size(key: string): Promise<number | null> {
    // No file can be stored under a key that is not valid: it is as absent as a missing one.
    if (!isKey(key)) return null;
    return this.bucket.size(this.objectKey(key));
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return this.bucket.stream(this.objectKey(key), range);
  }

  /** Streamed through the hash as it downloads: the network, not the hashing, sets the pace. */
  async sha256(key: string): Promise<string> {
    const hash = createHash('sha256');
    for await (const chunk of await this.bucket.stream(this.objectKey(key))) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  async putDerived(key: string, name: string, data: Buffer): Promise<void> {
    await this.bucket.put(this.derivedKey(key, name), data);
  }

  async getDerived(key: string, name: string): Promise<Buffer | null> {
    return this.bucket.bufferOrNull(this.derivedKey(key, name));
  }

  async listDerived(): Promise<DerivedObject[]> {
    const found: DerivedObject[] = [];
    for (const object of await this.bucket.list('derived/')) {
      const [, key, name] = (object.Key ?? '').split('/');
      if (!key || !name) continue;
      found.push({ key, name, size: object.Size ?? 0, storedAt: object.LastModified ?? new Date(0) });
    }
    return found;
  }

  async deleteDerived(key: string, name: string): Promise<void> {
    await this.bucket.delete(this.derivedKey(key, name));
  }

  async delete(key: string): Promise<void> {
    await this.bucket.delete(this.objectKey(key));
    const derived = await this.bucket.list(this.derivedPrefix(key));
    await Promise.all(derived.map((object) => this.bucket.delete(object.Key!)));
  }

  async close(): Promise<void> {
    this.bucket.client.destroy();
  }
}

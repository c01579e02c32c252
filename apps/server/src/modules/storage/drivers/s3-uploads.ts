import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { UploadGapError, type UploadSource } from '../storage-driver.port';
import type { S3Bucket } from './s3-bucket';

/** S3's smallest part but the last. The client's chunks are this size, so each becomes one part. */
const MIN_PART_BYTES = 5 * 1024 * 1024;

interface Part {
  number: number;
  size: number;
  etag: string;
}

/**
 * A pending upload, kept as one small JSON object beside its bytes so that any server instance can
 * go on with it: parts already sent to the multipart upload (their numbers and ETags, as some
 * S3-compatible stores cannot list them), then a tail shorter than a part, held as an object of
 * its own. Writing the manifest is the step that makes a chunk count.
 */
interface Manifest {
  uploadId: string | null;
  parts: Part[];
  tail: { key: string; size: number } | null;
}

const held = (manifest: Manifest) =>
  manifest.parts.reduce((sum, part) => sum + part.size, 0) + (manifest.tail?.size ?? 0);

async function collect(source: UploadSource): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source;
  const pieces: Uint8Array[] = [];
  for await (const piece of source) pieces.push(piece);
  return Buffer.concat(pieces);
}

/** Pending uploads under `uploads/<key>/`, published as `target(key)` by a multipart upload. */
export class S3Uploads {
  constructor(
    private readonly bucket: S3Bucket,
    private readonly target: (key: string) => string,
  ) {}

  private manifestKey(key: string) {
    return `uploads/${key}/manifest.json`;
  }

  private async manifest(key: string): Promise<Manifest | null> {
    const body = await this.bucket.bufferOrNull(this.manifestKey(key));
    return body ? (JSON.parse(body.toString()) as Manifest) : null;
  }

  async size(key: string): Promise<number | null> {
    const manifest = await this.manifest(key);
    return manifest ? held(manifest) : null;
  }

  async append(key: string, offset: number, source: UploadSource): Promise<void> {
    // Read whole before anything is written (a chunk is at most one part): a source that fails
    // part way leaves the upload as it was.
    const data = await collect(source);
    const before = (await this.manifest(key)) ?? { uploadId: null, parts: [], tail: null };
    const have = held(before);
    if (have < offset) throw new UploadGapError(key, have, offset);
    const parts: Part[] = [];
    let start = 0;
    for (const part of before.parts) {
      if (start + part.size > offset) break;
      parts.push(part);
      start += part.size;
    }
    // A sent part can be neither read back nor shortened: a cut inside one loses its bytes.
    if (parts.length < before.parts.length && start < offset) throw new UploadGapError(key, start, offset);
    const kept =
      start < offset && before.tail
        ? await this.bucket.buffer(before.tail.key, { start: 0, end: offset - start - 1 })
        : Buffer.alloc(0);
    const pending = Buffer.concat([kept, data]);
    const after: Manifest = { uploadId: before.uploadId, parts, tail: null };
    if (pending.length >= MIN_PART_BYTES) {
      after.uploadId ??= await this.startMultipart(key);
      after.parts = [...parts, await this.sendPart(key, after.uploadId, parts, pending)];
    } else if (pending.length > 0) {
      after.tail = { key: `uploads/${key}/tail-${randomBytes(6).toString('hex')}`, size: pending.length };
      await this.bucket.put(after.tail.key, pending);
    }
    await this.bucket.put(this.manifestKey(key), Buffer.from(JSON.stringify(after)), 'application/json');
    if (before.tail) await this.bucket.delete(before.tail.key).catch(() => undefined);
  }

  private async startMultipart(key: string): Promise<string> {
    const { UploadId } = await this.bucket.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket.name, Key: this.target(key) }),
    );
    if (!UploadId) throw new Error(`No upload id for ${key}`);
    return UploadId;
  }

  /** Sends `body` as the part after `parts`; a part sent before under that number is replaced. */
  private async sendPart(key: string, uploadId: string, parts: Part[], body: Buffer): Promise<Part> {
    const number = (parts.at(-1)?.number ?? 0) + 1;
    const { ETag } = await this.bucket.client.send(
      new UploadPartCommand({
        Bucket: this.bucket.name,
        Key: this.target(key),
        UploadId: uploadId,
        PartNumber: number,
        Body: body,
      }),
    );
    if (!ETag) throw new Error(`No ETag for part ${number} of ${key}`);
    return { number, size: body.length, etag: ETag };
  }

  /**
   * Publishes the upload in one step: a multipart completion, or a copy of the tail when the file
   * is smaller than a part. Nothing pending is changed before that step, so a failure can be retried.
   */
  async complete(key: string): Promise<void> {
    const manifest = await this.manifest(key);
    if (!manifest) throw new Error(`No pending upload ${key}`);
    const { uploadId, parts, tail } = manifest;
    if (uploadId && parts.length > 0) {
      const all = tail
        ? [...parts, await this.sendPart(key, uploadId, parts, await this.bucket.buffer(tail.key))]
        : parts;
      await this.bucket.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket.name,
          Key: this.target(key),
          UploadId: uploadId,
          MultipartUpload: { Parts: all.map((part) => ({ PartNumber: part.number, ETag: part.etag })) },
        }),
      );
    } else if (tail) {
      await this.bucket.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket.name,
          Key: this.target(key),
          CopySource: `${this.bucket.name}/${tail.key}`,
        }),
      );
    } else {
      await this.bucket.put(this.target(key), Buffer.alloc(0));
    }
    // Published: what is left of the upload is litter now, not a reason to fail.
    await this.discard(key, { ...manifest, uploadId: parts.length > 0 ? null : uploadId }).catch(
      () => undefined,
    );
  }

  async abort(key: string): Promise<void> {
    const manifest = await this.manifest(key);
    if (manifest) await this.discard(key, manifest);
  }

  /**
   * Drops what an upload left behind. Failures are not fatal: some stores refuse to abort a
   * multipart upload, which a bucket lifecycle rule then expires.
   */
  private async discard(key: string, { uploadId, tail }: Manifest) {
    const ignore = () => undefined;
    if (uploadId) {
      await this.bucket.client
        .send(
          new AbortMultipartUploadCommand({
            Bucket: this.bucket.name,
            Key: this.target(key),
            UploadId: uploadId,
          }),
        )
        .catch(ignore);
    }
    if (tail) await this.bucket.delete(tail.key).catch(ignore);
    await this.bucket.delete(this.manifestKey(key));
  }
}

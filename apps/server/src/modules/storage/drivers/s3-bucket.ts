import type { Readable } from 'node:stream';
import {
  HeadBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type _Object,
} from '@aws-sdk/client-s3';

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2...) instead of AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Both or neither: without them the SDK's own chain (environment, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** The answer S3 gives for a key (or upload) that does not exist. */
export function isMissing(error: unknown): boolean {
  const name = (error as Error | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchUpload';
}

/** One bucket, with the handful of object calls the driver is built from. */
export class S3Bucket {
  readonly client: S3Client;
  readonly name: string;

  constructor(options: S3Options) {
    this.name = options.bucket;
    const { accessKeyId, secretAccessKey } = options;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // The default CRC32 checksums frame streamed bodies as aws-chunked, which some S3-compatible
      // stores keep as the object's bytes; checksums only where the API demands them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.name }));
  }

  async put(key: string, body: Buffer, contentType?: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.name, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /** A stored object, or a range of it (both ends inclusive); rejects when absent. */
  async stream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const { Body } = await this.client.send(
      new GetObjectCommand({
        Bucket: this.name,
        Key: key,
        // Always both ends: a suffix range ("bytes=-N") is read as "0-N" by some stores.
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!Body) throw new Error(`Object ${key} has no body`);
    return Body as Readable;
  }

  async buffer(key: string, range?: { start: number; end: number }): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(key, range)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** An object's bytes, or null when there is none. */
  async bufferOrNull(key: string): Promise<Buffer | null> {
    try {
      return await this.buffer(key);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.name, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Deleting an absent key succeeds on S3. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.name, Key: key }));
  }

  /** Every object under `prefix`, page after page. */
  async list(prefix: string): Promise<_Object[]> {
    const found: _Object[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.name, Prefix: prefix, ContinuationToken: token }),
      );
      found.push(...(page.Contents ?? []));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }
}

import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  type FilePreviewQuery,
  type FileUpload,
  UPLOAD_CHUNK_BYTES,
  fileIdFromUrl,
  fileViewUrl,
} from '@baegen/shared';
import { AppError } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import { type SniffedType, sniffFileType } from './file-type';
import type { FilesPort } from './files.port';
import type { FileRow, FilesRepository } from './files.repository';
import type { ByteRange } from '../../lib/byte-range';
import { type StorageDriver, UploadGapError } from './storage-driver.port';
import { UploadBody } from './upload-body';

export interface FilesServiceOptions {
  maxImageBytes: number;
  maxVideoBytes: number;
  /** An upload nobody has added a chunk to for this long is abandoned. */
  abandonAfterMs: number;
  /** A candidate nobody has claimed for this long is deleted. */
  candidateTtlMs: number;
  /** Folder for the on-disk preview cache. */
  previewCacheDir: string;
  clock?: () => Date;
  /** Told about failures of work done after the answer (hashing a completed upload). */
  onBackgroundError?: (error: unknown) => void;
}

export interface UploadRequest {
  name: string;
  /** The raw Content-Range header, absent for a file sent in one request. */
  contentRange?: string;
  /** The id the first chunk answered, sent with every later chunk. */
  fileId?: string;
  /** The announced body length (Content-Length), when the client gave one. */
  length?: number;
  /** The raw body, read as it arrives. */
  body: Readable;
}

/** Enough leading bytes to tell every accepted type apart. */
const SNIFF_BYTES = 16;

const PREVIEW_FORMATS = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' } as const;
const PREVIEW_MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

function parseContentRange(header: string) {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim());
  if (!match) {
    throw AppError.badRequest(
      'Content-Range must look like "bytes start-end/total"',
      'INVALID_CONTENT_RANGE',
    );
  }
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (end < start || end >= total) {
    throw AppError.badRequest(
      'Content-Range end must be at least start and below total',
      'INVALID_CONTENT_RANGE',
    );
  }
  return { start, end, total };
}

function cleanName(name: string, type: SniffedType): string {
  // Path separators and control characters have no place in a display or download name.
  const cleaned = [...name]
    .filter(
      (char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && char !== '/' && char !== '\\',
    )
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || `file.${type.extension}`;
}

const chunkTooLarge = () =>
  new AppError(413, 'CHUNK_TOO_LARGE', `A chunk may hold at most ${UPLOAD_CHUNK_BYTES} bytes`);

export const NOT_FOUND = () => AppError.notFound('File not found', 'FILE_NOT_FOUND');

/** Uploads (whole or chunked), reads, previews and deletes a user's files; sweeps leftovers. */
export class FilesService implements FilesPort {
  private readonly clock: () => Date;
  /** Uploads with a chunk being written right now in this process. */
  private readonly busy = new Set<string>();
  /** Completed uploads whose sha256 is being computed in this process. */
  private readonly hashing = new Map<string, Promise<void>>();

  constructor(
    private readonly repo: FilesRepository,
    private readonly driver: StorageDriver,
    private readonly options: FilesServiceOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  private now() {
    return this.clock().toISOString();
  }

  private capFor(type: SniffedType) {
    return type.kind === 'image' ? this.options.maxImageBytes : this.options.maxVideoBytes;
  }

  private toDto(row: FileRow): FileUpload {
    return {
      $id: row.id,
      name: row.name,
      mimeType: row.mime_type,
      size: Number(row.total_size),
      sha256: row.sha256,
      createdAt: row.created_at,
      status: row.status,
      uploaded: Number(row.size),
      url: fileViewUrl(row.id),
    };
  }

  async upload(userId: string, request: UploadRequest): Promise<FileUpload> {
    const { length } = request;
    // Everything the headers can refuse is refused before a byte of the body is read.
    if (length === 0) throw AppError.badRequest('The request body is empty', 'EMPTY_UPLOAD');
    if (length !== undefined && length > UPLOAD_CHUNK_BYTES) throw chunkTooLarge();
    const range = request.contentRange ? parseContentRange(request.contentRange) : null;
    const announced = range ? range.end - range.start + 1 : null;
    if (announced !== null && announced > UPLOAD_CHUNK_BYTES) throw chunkTooLarge();
    if (announced !== null && length !== undefined && length !== announced) {
      throw AppError.badRequest(
        `Content-Range announces ${announced} bytes but the body holds ${length}`,
        'CHUNK_SIZE_MISMATCH',
      );
    }
    const body = new UploadBody(request.body, announced ?? length ?? null, UPLOAD_CHUNK_BYTES);
    try {
      if (!range || announced === null) {
        const data = await body.toBuffer();
        if (data.length === 0) throw AppError.badRequest('The request body is empty', 'EMPTY_UPLOAD');
        return await this.startUpload(userId, request.name, data.length, data);
      }
      if (request.fileId) return await this.continueUpload(userId, request.fileId, range, body);
      if (range.start !== 0) {
        throw AppError.badRequest(
          'A chunk after the first must carry the x-file-id header the first chunk answered',
          'UPLOAD_ID_REQUIRED',
        );
      }
      return await this.startUpload(userId, request.name, range.total, body, announced);
    } finally {
      body.release();
    }
  }

  /**
   * The first request of an upload. The type is sniffed and the cap checked on the first bytes,
   * before a row or a byte is stored.
   */
  private async startUpload(
    userId: string,
    name: string,
    total: number,
    body: UploadBody | Buffer,
    announced = total,
  ) {
    const type = sniffFileType(Buffer.isBuffer(body) ? body : await body.head(SNIFF_BYTES));
    if (!type) {
      throw new AppError(
        415,
        'UNSUPPORTED_FILE_TYPE',
        'Only PNG, JPEG, WebP, GIF, MP4 and WebM files are accepted',
      );
    }
    if (total > this.capFor(type)) {
      const mb = Math.floor(this.capFor(type) / (1024 * 1024));
      throw new AppError(413, 'FILE_TOO_LARGE', `This ${type.kind} is larger than the ${mb} MB limit`);
    }
    if (Buffer.isBuffer(body) || total === announced) {
      const data = Buffer.isBuffer(body) ? body : await body.toBuffer();
      return this.toDto(await this.storeWhole(userId, data, cleanName(name, type), type, false));
    }
    const now = this.now();
    const row: FileRow = {
      id: newId(),
      user_id: userId,
      name: cleanName(name, type),
      mime_type: type.mimeType,
      size: 0,
      total_size: total,
      sha256: null,
      status: 'uploading',
      candidate: 0,
      created_at: now,
      updated_at: now,
    };
    await this.repo.insert(row);
    return this.writeChunk(userId, row, 0, body);
  }

  private async continueUpload(
    userId: string,
    fileId: string,
    range: { start: number; total: number },
    body: UploadBody,
  ) {
    const row = await this.repo.find(userId, fileId);
    if (!row) throw AppError.notFound('Upload not found', 'UPLOAD_NOT_FOUND');
    if (row.status === 'ready') throw new AppError(409, 'UPLOAD_COMPLETE', 'This upload is already complete');
    if (range.total !== Number(row.total_size)) {
      throw AppError.badRequest(
        `This upload is ${row.total_size} bytes long, not ${range.total}`,
        'CHUNK_TOTAL_MISMATCH',
      );
    }
    const expected = Number(row.size);
    if (range.start < expected) {
      throw new AppError(
        409,
        'CHUNK_OVERLAP',
        `Bytes before ${expected} are already uploaded; send the chunk starting at ${expected}`,
      );
    }
    if (range.start > expected) {
      throw new AppError(
        409,
        'CHUNK_OUT_OF_ORDER',
        `Chunks must arrive in order; the next one starts at byte ${expected}`,
      );
    }
    return this.writeChunk(userId, row, expected, body);
  }

  /**
   * Streams one chunk into the upload file as it arrives. A chunk that fails part way leaves the
   * upload as it was; a failed first chunk leaves nothing at all. The last chunk publishes the
   * file and answers without its sha256, which is computed off the event loop right after
   * (see `recordSha256`).
   */
  private async writeChunk(userId: string, row: FileRow, offset: number, body: UploadBody) {
    if (this.busy.has(row.id)) {
      throw new AppError(409, 'UPLOAD_BUSY', 'Another chunk of this upload is being written; retry it');
    }
    this.busy.add(row.id);
    try {
      let written = 0;
      try {
        await this.driver.appendUpload(
          row.id,
          offset,
          body.pieces((piece) => {
            written += piece.length;
          }),
        );
      } catch (error) {
        if (error instanceof UploadGapError || offset === 0) {
          this.busy.delete(row.id);
          await this.erase(userId, row.id);
        }
        if (error instanceof UploadGapError) {
          throw new AppError(
            409,
            'UPLOAD_INTERRUPTED',
            'This upload was interrupted on the server; start it again',
          );
        }
        throw error;
      }
      const end = offset + written;
      if (!(await this.repo.advanceUpload(userId, row.id, offset, end, this.now()))) {
        throw new AppError(
          409,
          'UPLOAD_BUSY',
          'Another chunk of this upload was written meanwhile; retry it',
        );
      }
      if (end < Number(row.total_size)) return this.toDto({ ...row, size: end });
      await this.driver.completeUpload(row.id);
      await this.repo.markReady(userId, row.id, null, this.now());
      void this.recordSha256(userId, row.id);
      return this.toDto({ ...row, size: end, status: 'ready', sha256: null });
    } finally {
      this.busy.delete(row.id);
    }
  }

  /**
   * Hashes a completed upload from its stored bytes and records the sum. Hashing up to 200 MB
   * would otherwise hold up the upload's answer (or, done chunk by chunk, every chunk's), so it
   * runs after the answer, on the driver's worker. A file deleted meanwhile is simply skipped;
   * one the process stops before hashing is picked up by the next sweep.
   */
  private recordSha256(userId: string, id: string): Promise<void> {
    const running = this.hashing.get(id);
    if (running) return running;
    const done = this.driver
      .sha256(id)
      .then(
        (sha256) => this.repo.recordSha256(userId, id, sha256, this.now()),
        async (error: unknown) => {
          if (await this.repo.findReady(userId, id)) throw error;
        },
      )
      .catch((error: unknown) => this.options.onBackgroundError?.(error))
      .finally(() => this.hashing.delete(id));
    this.hashing.set(id, done);
    return done;
  }

  /** Waits until every sha256 being computed in this process is recorded. */
  async settle(): Promise<void> {
    while (this.hashing.size > 0) await Promise.all(this.hashing.values());
  }

  /** Lets running work finish, then releases the storage driver. */
  async close(): Promise<void> {
    await this.settle();
    await this.driver.close();
  }

  /**
   * Records the row as 'uploading' before the bytes land, so a crash in between leaves a row the
   * sweeper removes rather than bytes nothing points at.
   */
  private async storeWhole(
    userId: string,
    data: Buffer,
    name: string,
    type: SniffedType,
    candidate: boolean,
  ) {
    const now = this.now();
    const row: FileRow = {
      id: newId(),
      user_id: userId,
      name,
      mime_type: type.mimeType,
      size: data.length,
      total_size: data.length,
      sha256: null,
      status: 'uploading',
      candidate: candidate ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    await this.repo.insert(row);
    await this.driver.put(row.id, data);
    const sha256 = createHash('sha256').update(data).digest('hex');
    await this.repo.markReady(userId, row.id, sha256, this.now());
    return { ...row, status: 'ready' as const, sha256 };
  }

  /**
   * Stores an image a provider produced as an unclaimed candidate of the user and answers our own
   * URL for it. Throws when the bytes are not an image we accept.
   */
  async storeCandidate(userId: string, data: Buffer, name: string): Promise<string> {
    const type = sniffFileType(data);
    if (!type || type.kind !== 'image')
      throw new Error('Provider output is not a PNG, JPEG, WebP or GIF image');
    if (data.length > this.options.maxImageBytes)
      throw new Error('Provider output is larger than the image limit');
    const row = await this.storeWhole(userId, data, `${name}.${type.extension}`, type, true);
    return fileViewUrl(row.id);
  }

  /** One of the user's files as the API shows it, complete or still uploading, or 404. */
  async describe(userId: string, id: string): Promise<FileUpload> {
    const row = await this.repo.find(userId, id);
    if (!row) throw NOT_FOUND();
    return this.toDto(row);
  }

  /** A complete file of the user, or 404. */
  async get(userId: string, id: string): Promise<FileRow> {
    const row = await this.repo.findReady(userId, id);
    if (!row) throw NOT_FOUND();
    return row;
  }

  /** The bytes of one of the user's image files (a provider's subject picture). */
  async readImage(userId: string, id: string): Promise<{ data: Buffer; mimeType: string }> {
    const row = await this.get(userId, id);
    if (!row.mime_type.startsWith('image/')) {
      throw AppError.badRequest('The subject must be an image', 'INVALID_SUBJECT');
    }
    return { data: await this.readAll(row.id), mimeType: row.mime_type };
  }

  openStream(row: FileRow, range?: ByteRange) {
    return this.driver.read(row.id, range);
  }

  private async readAll(id: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.driver.read(id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private previewDir(id: string) {
    return path.join(this.options.previewCacheDir, id);
  }

  /** A resized, re-encoded image, cached on disk per file and parameters. */
  async preview(
    userId: string,
    id: string,
    query: FilePreviewQuery,
  ): Promise<{ data: Buffer; mimeType: string }> {
    const row = await this.get(userId, id);
    if (!row.mime_type.startsWith('image/')) {
      throw new AppError(415, 'PREVIEW_UNSUPPORTED', 'Previews are available for images only');
    }
    const source = row.mime_type.split('/')[1]!;
    const format = query.output
      ? PREVIEW_FORMATS[query.output]
      : source === 'png' || source === 'webp'
        ? source
        : 'jpeg';
    const cached = path.join(
      this.previewDir(id),
      `${query.width}x${query.height}-q${query.quality}.${format}`,
    );
    const hit = await fsp.readFile(cached).catch(() => null);
    if (hit) return { data: hit, mimeType: PREVIEW_MIME[format] };

    const data = await sharp(await this.readAll(row.id))
      .rotate()
      .resize({
        width: query.width || undefined,
        height: query.height || undefined,
        fit: query.width && query.height ? 'cover' : 'inside',
      })
      .toFormat(format, { quality: query.quality })
      .toBuffer();
    await fsp.mkdir(path.dirname(cached), { recursive: true });
    const temp = `${cached}.${newId(6)}.tmp`;
    await fsp.writeFile(temp, data);
    await fsp.rename(temp, cached);
    return { data, mimeType: PREVIEW_MIME[format] };
  }

  async remove(userId: string, id: string): Promise<void> {
    const row = await this.repo.find(userId, id);
    if (!row) throw NOT_FOUND();
    await this.erase(userId, id);
  }

  private async erase(userId: string, id: string) {
    // The row goes first: once it is gone no request can reach the bytes, whatever happens next.
    await this.repo.delete(userId, id);
    await this.driver.abortUpload(id);
    await this.driver.delete(id);
    await fsp.rm(this.previewDir(id), { recursive: true, force: true });
  }

  async claimUrls(userId: string, urls: string[]): Promise<void> {
    const ids = urls.map(fileIdFromUrl).filter((id): id is string => id !== null);
    await this.repo.keepCandidates(userId, [...new Set(ids)], this.now());
  }

  async deleteByUrl(userId: string, url: string): Promise<void> {
    const id = fileIdFromUrl(url);
    if (!id) return;
    if (await this.repo.find(userId, id)) await this.erase(userId, id);
  }

  /**
   * Deletes abandoned uploads and expired candidates, and hashes completed files still without a
   * sha256 (the process stopped before it could); answers how many files went.
   */
  async sweep(): Promise<number> {
    // A bounded batch per pass: normally there is none, and a file that cannot be hashed must not
    // hold the sweep in a loop.
    for (const row of await this.repo.listUnhashed(100)) await this.recordSha256(row.user_id, row.id);
    const now = this.clock().getTime();
    const before = new Date(now - this.options.abandonAfterMs).toISOString();
    const candidatesBefore = new Date(now - this.options.candidateTtlMs).toISOString();
    let removed = 0;
    for (;;) {
      const expired = await this.repo.listExpired(before, candidatesBefore, 100);
      const idle = expired.filter((row) => !this.busy.has(row.id));
      for (const row of idle) await this.erase(row.user_id, row.id);
      removed += idle.length;
      if (expired.length < 100 || idle.length === 0) return removed;
    }
  }
}

import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type FileUpload, UPLOAD_CHUNK_BYTES, fileViewUrl } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import { type SniffedType, sniffFileType } from './file-type';
import { type FileStore, toFileUpload } from './file-store';
import type { FilesMaintenance } from './files-maintenance.service';
import type { FileRow } from './files.repository';
import { checkImageHeader } from './image-check';
import { UploadGapError } from './storage-driver.port';
import { cleanName } from './file-names';
import { type StorageQuota, UPLOAD_RESERVATION_MS, quotaExceeded, resumableFailure } from './storage-quota';
import { UploadBody } from './upload-body';

export interface UploadCaps {
  maxImageBytes: number;
  maxVideoBytes: number;
  /** The most bytes one user's files (and imported card texts) may take together. */
  quotaBytes: number;
  /** An upload with no new chunk for this long is abandoned, and its room long given back. */
  abandonAfterMs: number;
}

/** Where one chunk sits in the file, both ends inclusive, and the file's whole length. */
export interface ChunkRange {
  start: number;
  end: number;
  total: number;
}

export interface UploadRequest {
  name: string;
  /** The chunk's place in the file; null for a file sent in one request. */
  range: ChunkRange | null;
  /** The id the first chunk answered, sent with every later chunk. */
  fileId?: string;
  /** The announced body length, when the client gave one. */
  length?: number;
  /** The raw body, read as it arrives. */
  body: Readable;
}

/** Enough leading bytes to tell every accepted type apart. */
const SNIFF_BYTES = 16;

/** Stores files: whole, in chunks sent one request each, or as a provider's candidate output. */
export class UploadsService {
  constructor(
    private readonly store: FileStore,
    private readonly maintenance: Pick<FilesMaintenance, 'recordSha256'>,
    private readonly caps: UploadCaps,
  ) {}

  /** The quota as a write checks it now. */
  quota(): StorageQuota {
    const reservedFor = Math.min(UPLOAD_RESERVATION_MS, this.caps.abandonAfterMs);
    return {
      bytes: this.caps.quotaBytes,
      idleBefore: new Date(this.store.clock().getTime() - reservedFor).toISOString(),
    };
  }

  /** Records a new file's row with its whole size reserved, or refuses it (413) past the quota. */
  private async reserve(row: FileRow) {
    const quota = this.quota();
    const used = await this.store.repo.reserve(row, quota);
    if (used !== null) throw quotaExceeded(used, quota.bytes, Number(row.total_size));
  }

  private capFor(type: SniffedType) {
    return type.kind === 'image' ? this.caps.maxImageBytes : this.caps.maxVideoBytes;
  }

  async upload(userId: string, request: UploadRequest): Promise<FileUpload> {
    const { range } = request;
    const announced = range ? range.end - range.start + 1 : null;
    const body = new UploadBody(request.body, announced ?? request.length ?? null, UPLOAD_CHUNK_BYTES);
    try {
      if (!range) {
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
      return await this.startUpload(userId, request.name, range.total, body, range.end + 1);
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
      if (type.kind === 'image') await checkImageHeader(data, type.mimeType);
      return toFileUpload(await this.storeWhole(userId, data, cleanName(name, type), type, false));
    }
    const row = { ...this.newRow(userId, cleanName(name, type), type, total, false), size: 0 };
    await this.reserve(row);
    return this.writeChunk(userId, row, 0, body);
  }

  private async continueUpload(userId: string, fileId: string, range: ChunkRange, body: UploadBody) {
    const row = await this.store.repo.find(userId, fileId);
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
    const quota = this.quota();
    if (row.updated_at < quota.idleBefore) {
      // Idle for a while, the upload let go of the room it had not filled: it takes it again first.
      const used = await this.store.repo.renewReservation(row, quota, this.store.now());
      if (used !== null) throw quotaExceeded(used, quota.bytes, Number(row.total_size) - expected);
    }
    return this.writeChunk(userId, row, expected, body);
  }

  /**
   * Streams one chunk into the upload file as it arrives. A chunk that fails part way leaves the
   * upload as it was; a failed first chunk leaves nothing at all. The last chunk publishes the
   * file and answers without its sha256, which is computed off the event loop right after
   * (see `FilesMaintenance.recordSha256`).
   */
  private async writeChunk(userId: string, row: FileRow, offset: number, body: UploadBody) {
    const { writing, repo, driver } = this.store;
    if (writing.has(row.id)) {
      throw new AppError(409, 'UPLOAD_BUSY', 'Another chunk of this upload is being written; retry it');
    }
    writing.add(row.id);
    try {
      let written = 0;
      try {
        await driver.appendUpload(
          row.id,
          offset,
          body.pieces((piece) => {
            written += piece.length;
          }),
        );
      } catch (error) {
        if (error instanceof UploadGapError || offset === 0) {
          writing.delete(row.id);
          await this.store.erase(userId, row.id);
        }
        if (error instanceof UploadGapError) {
          throw new AppError(
            409,
            'UPLOAD_INTERRUPTED',
            'This upload was interrupted on the server; start it again',
          );
        }
        throw offset === 0 ? error : resumableFailure(error, row.id, offset);
      }
      const end = offset + written;
      if (!(await repo.advanceUpload(userId, row.id, offset, end, this.store.now()))) {
        throw new AppError(
          409,
          'UPLOAD_BUSY',
          'Another chunk of this upload was written meanwhile; retry it',
        );
      }
      if (end < Number(row.total_size)) return toFileUpload({ ...row, size: end });
      await this.publish(userId, row, offset, end);
      void this.maintenance.recordSha256(userId, row.id);
      return toFileUpload({ ...row, size: end, status: 'ready', sha256: null });
    } finally {
      writing.delete(row.id);
    }
  }

  /**
   * Publishes a complete upload. When the store fails, the last chunk is handed back (the row
   * returns to `offset`) so it can be sent again; an image whose header does not decode is dropped.
   * Its header is read from the whole file here: a first chunk may stop in the middle of it.
   */
  private async publish(userId: string, row: FileRow, offset: number, end: number) {
    const { repo, driver } = this.store;
    try {
      await driver.completeUpload(row.id);
    } catch (error) {
      await repo.advanceUpload(userId, row.id, end, offset, this.store.now());
      throw resumableFailure(error, row.id, offset);
    }
    if (row.mime_type.startsWith('image/')) {
      try {
        await checkImageHeader(await this.store.readAll(row.id), row.mime_type);
      } catch (error) {
        await this.store.erase(userId, row.id);
        throw error;
      }
    }
    await repo.markReady(userId, row.id, null, this.store.now());
  }

  private newRow(userId: string, name: string, type: SniffedType, size: number, candidate: boolean): FileRow {
    const now = this.store.now();
    return {
      id: newId(),
      user_id: userId,
      name,
      mime_type: type.mimeType,
      size,
      total_size: size,
      sha256: null,
      status: 'uploading',
      candidate: candidate ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
  }

  /**
   * Records the row as 'uploading' (its room reserved) before the bytes land, so a crash in between
   * leaves a row the sweeper removes rather than bytes nothing points at.
   */
  private async storeWhole(
    userId: string,
    data: Buffer,
    name: string,
    type: SniffedType,
    candidate: boolean,
  ): Promise<FileRow> {
    const row = this.newRow(userId, name, type, data.length, candidate);
    await this.reserve(row);
    try {
      await this.store.driver.put(row.id, data);
    } catch (error) {
      // Nothing was stored: the row goes too, rather than hold the user's quota until the sweep.
      await this.store.repo.delete(userId, row.id);
      throw error;
    }
    const sha256 = createHash('sha256').update(data).digest('hex');
    await this.store.repo.markReady(userId, row.id, sha256, this.store.now());
    return { ...row, status: 'ready', sha256 };
  }

  /**
   * Stores an image or a clip a provider produced as an unclaimed candidate of the user and answers
   * our own URL for it. Throws when the bytes are of no type we accept or exceed that type's cap.
   */
  async storeCandidate(userId: string, data: Buffer, name: string): Promise<string> {
    const type = sniffFileType(data);
    if (!type) throw new Error('Provider output is not an image or a video we accept');
    if (data.length > this.capFor(type))
      throw new Error(`Provider output is larger than the ${type.kind} limit`);
    const row = await this.storeWhole(userId, data, `${name}.${type.extension}`, type, true);
    return fileViewUrl(row.id);
  }
}

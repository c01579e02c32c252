import { type FileUpload, type StoredFile, fileViewUrl } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { FileRow, FilesRepository } from './files.repository';
import type { StorageDriver } from './storage-driver.port';

export const NOT_FOUND = () => AppError.notFound('File not found', 'FILE_NOT_FOUND');

export function toStoredFile(row: FileRow): StoredFile {
  return {
    $id: row.id,
    name: row.name,
    mimeType: row.mime_type,
    size: Number(row.total_size),
    sha256: row.sha256,
    createdAt: row.created_at,
  };
}

export function toFileUpload(row: FileRow): FileUpload {
  return { ...toStoredFile(row), status: row.status, uploaded: Number(row.size), url: fileViewUrl(row.id) };
}

/**
 * The files table and the driver's bytes, kept in step: what the upload, preview, maintenance
 * and files services share.
 */
export class FileStore {
  /** Uploads with a chunk being written right now in this process; the sweep leaves them be. */
  readonly writing = new Set<string>();
  readonly clock: () => Date;

  constructor(
    readonly repo: FilesRepository,
    readonly driver: StorageDriver,
    clock?: () => Date,
  ) {
    this.clock = clock ?? (() => new Date());
  }

  now(): string {
    return this.clock().toISOString();
  }

  /** A complete file of the user, or 404. */
  async findReady(userId: string, id: string): Promise<FileRow> {
    const row = await this.repo.findReady(userId, id);
    if (!row) throw NOT_FOUND();
    return row;
  }

  async readAll(id: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.driver.read(id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Deletes a file: its row, a pending upload, its bytes and whatever was derived from them. */
  async erase(userId: string, id: string): Promise<void> {
    // The row goes first: once it is gone no request can reach the bytes, whatever happens next.
    await this.repo.delete(userId, id);
    await this.driver.abortUpload(id);
    await this.driver.delete(id);
  }
}

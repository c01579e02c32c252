import type { Readable } from 'node:stream';
import { type FileUpload, type StoredFile, fileIdFromUrl } from '@baegen/shared/contract';
import type { ByteRange } from '../../lib/byte-range';
import { sniffFileType } from './file-type';
import { type FileStore, NOT_FOUND, toFileUpload, toStoredFile } from './file-store';
import type { FilesPort } from './files.port';
import type { StorageQuota } from './storage-quota';
import type { UploadsService } from './uploads.service';

/** A complete file as the routes stream it: its record and a way to read its bytes. */
export interface FileContent extends StoredFile {
  read(range?: ByteRange): Promise<Readable>;
}

/** Reads and deletes a user's files; the FilesPort other modules use. */
export class FilesService implements FilesPort {
  constructor(
    private readonly store: FileStore,
    private readonly uploads: UploadsService,
  ) {}

  /** One of the user's files as the API shows it, complete or still uploading, or 404. */
  async describe(userId: string, id: string): Promise<FileUpload> {
    const row = await this.store.repo.find(userId, id);
    if (!row) throw NOT_FOUND();
    return toFileUpload(row);
  }

  async getFile(userId: string, id: string): Promise<StoredFile> {
    return toStoredFile(await this.store.findReady(userId, id));
  }

  /** A complete file of the user to stream, or 404. */
  async open(userId: string, id: string): Promise<FileContent> {
    const file = await this.getFile(userId, id);
    return { ...file, read: (range) => this.store.driver.read(file.$id, range) };
  }

  async readFile(userId: string, id: string): Promise<{ data: Buffer; mimeType: string }> {
    const row = await this.store.findReady(userId, id);
    return { data: await this.store.readAll(row.id), mimeType: row.mime_type };
  }

  imageType(data: Buffer): string | null {
    const type = sniffFileType(data);
    return type?.kind === 'image' ? type.mimeType : null;
  }

  storageQuota(): StorageQuota {
    return this.uploads.quota();
  }

  storeCandidate(userId: string, data: Buffer, name: string): Promise<string> {
    return this.uploads.storeCandidate(userId, data, name);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.store.repo.find(userId, id))) throw NOT_FOUND();
    await this.store.erase(userId, id);
  }

  async claimUrls(userId: string, urls: string[]): Promise<void> {
    const ids = urls.map(fileIdFromUrl).filter((id): id is string => id !== null);
    await this.store.repo.keepCandidates(userId, [...new Set(ids)], this.store.now());
  }

  async unclaimedUrls(userId: string, urls: string[]): Promise<string[]> {
    const ids = urls.map(fileIdFromUrl).filter((id): id is string => id !== null);
    const unkept = new Set(await this.store.repo.unkeptCandidates(userId, [...new Set(ids)]));
    return urls.filter((url) => unkept.has(fileIdFromUrl(url) ?? ''));
  }

  async deleteByUrl(userId: string, url: string): Promise<void> {
    const id = fileIdFromUrl(url);
    if (!id) return;
    if (await this.store.repo.find(userId, id)) await this.store.erase(userId, id);
  }
}

import type { StoredFile } from '@baegen/shared/contract';
import type { StorageQuota } from './storage-quota';

/**
 * What other modules (characters, media, generation) may do with stored files. Implemented by
 * FilesService and handed to them by buildApp.
 */
export interface FilesPort {
  /**
   * Marks the user's candidate files behind `/api/files/<id>/view` URLs as kept, so the sweeper
   * leaves them alone. URLs that are not ours, or files of someone else, are ignored.
   */
  claimUrls(userId: string, urls: string[]): Promise<void>;
  /** Those of `urls` behind which stand the user's candidates that nothing has kept yet. */
  unclaimedUrls(userId: string, urls: string[]): Promise<string[]>;
  /** Deletes the stored file behind such a URL if the user owns it; no-op otherwise. */
  deleteByUrl(userId: string, url: string): Promise<void>;
  /**
   * Stores an image or a clip a provider produced as an unclaimed candidate of the user and answers
   * our own URL for it. Throws when the bytes are of no type we accept or exceed that type's cap.
   */
  storeCandidate(userId: string, data: Buffer, name: string): Promise<string>;
  /** One of the user's complete files; 404 FILE_NOT_FOUND otherwise. */
  getFile(userId: string, id: string): Promise<StoredFile>;
  /** The whole content of one of the user's complete files; 404 FILE_NOT_FOUND otherwise. */
  readFile(userId: string, id: string): Promise<{ data: Buffer; mimeType: string }>;
  /** The MIME type of bytes that hold an image we accept (PNG, JPEG, WebP, GIF), else null. */
  imageType(data: Buffer): string | null;
  /** The quota as a write checks it now; other data kept for a user (a card's text) counts too. */
  storageQuota(): StorageQuota;
}

/**
 * What other modules (media) may do with stored files. Implemented by FilesService and handed to
 * module plugins by buildApp.
 */
export interface FilesPort {
  /**
   * Marks the user's candidate files behind `/api/files/<id>/view` URLs as kept, so the sweeper
   * leaves them alone. URLs that are not ours, or files of someone else, are ignored.
   */
  claimUrls(userId: string, urls: string[]): Promise<void>;
  /** Deletes the stored file behind such a URL if the user owns it; no-op otherwise. */
  deleteByUrl(userId: string, url: string): Promise<void>;
}

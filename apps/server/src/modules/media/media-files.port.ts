/** What media need from storage: keep the files a record points at, and remove them with it. */
export interface MediaFileStore {
  /** Marks the user's candidate files behind our own file URLs as kept; other URLs are ignored. */
  claimUrls(userId: string, urls: string[]): Promise<void>;
  /** Deletes the stored file behind one of our URLs when the user owns it; a no-op otherwise. */
  deleteByUrl(userId: string, url: string): Promise<void>;
}

import type { FileStore } from './file-store';

export interface FilesMaintenanceOptions {
  /** An upload nobody has added a chunk to for this long is abandoned. */
  abandonAfterMs: number;
  /** A candidate nobody has claimed for this long is deleted. */
  candidateTtlMs: number;
  /** Told about failures of work done after the answer (hashing a completed upload). */
  onBackgroundError?: (error: unknown) => void;
}

/** Work on stored files that no request waits for: sha256 sums, and the sweep of leftovers. */
export class FilesMaintenance {
  /** Completed uploads whose sha256 is being computed in this process. */
  private readonly hashing = new Map<string, Promise<void>>();

  constructor(
    private readonly store: FileStore,
    private readonly options: FilesMaintenanceOptions,
  ) {}

  /**
   * Hashes a completed upload from its stored bytes and records the sum. Hashing up to 200 MB
   * would otherwise hold up the upload's answer (or, done chunk by chunk, every chunk's), so it
   * runs after the answer, on the driver's worker. A file deleted meanwhile is simply skipped;
   * one the process stops before hashing is picked up by the next sweep.
   */
  recordSha256(userId: string, id: string): Promise<void> {
    const running = this.hashing.get(id);
    if (running) return running;
    const { repo, driver } = this.store;
    const done = driver
      .sha256(id)
      .then(
        (sha256) => repo.recordSha256(userId, id, sha256, this.store.now()),
        async (error: unknown) => {
          if (await repo.findReady(userId, id)) throw error;
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
    await this.store.driver.close();
  }

  /**
   * Deletes abandoned uploads and expired candidates, and hashes completed files still without a
   * sha256 (the process stopped before it could); answers how many files went.
   */
  async sweep(): Promise<number> {
    const { repo } = this.store;
    // A bounded batch per pass: normally there is none, and a file that cannot be hashed must not
    // hold the sweep in a loop.
    for (const row of await repo.listUnhashed(100)) await this.recordSha256(row.user_id, row.id);
    const now = this.store.clock().getTime();
    const before = new Date(now - this.options.abandonAfterMs).toISOString();
    const candidatesBefore = new Date(now - this.options.candidateTtlMs).toISOString();
    let removed = 0;
    for (;;) {
      const expired = await repo.listExpired(before, candidatesBefore, 100);
      const idle = expired.filter((row) => !this.store.writing.has(row.id));
      for (const row of idle) await this.store.erase(row.user_id, row.id);
      removed += idle.length;
      if (expired.length < 100 || idle.length === 0) return removed;
    }
  }
}

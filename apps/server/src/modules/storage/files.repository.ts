import type { Db } from '../../db/client';
import type { FilesTable } from '../../db/schema';
import { lockUserStorage, storageUsed } from '../../db/storage-usage';
import type { StorageQuota } from './storage-quota';

export type FileRow = FilesTable;

/** The only place that reads or writes the files table; every user query names its owner. */
export class FilesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records `row` (its whole total_size reserved) if the user's storage has room for it, under the
   * user's storage lock so that requests racing for the last bytes take turns. Answers null when
   * stored, else the bytes in use that left no room.
   */
  async reserve(row: FileRow, quota: StorageQuota): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      await lockUserStorage(trx, row.user_id);
      const used = await storageUsed(trx, row.user_id, quota.idleBefore);
      if (used + Number(row.total_size) > quota.bytes) return used;
      await trx.insertInto('files').values(row).execute();
      return null;
    });
  }

  /**
   * Takes again the room an idle upload let go of (the bytes it has yet to receive), as `reserve`
   * does; `now` marks it written. Answers null when it fits, else the bytes in use.
   */
  async renewReservation(row: FileRow, quota: StorageQuota, now: string): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      await lockUserStorage(trx, row.user_id);
      const used = await storageUsed(trx, row.user_id, quota.idleBefore);
      if (used + Number(row.total_size) - Number(row.size) > quota.bytes) return used;
      await trx
        .updateTable('files')
        .set({ updated_at: now })
        .where('user_id', '=', row.user_id)
        .where('id', '=', row.id)
        .execute();
      return null;
    });
  }

  private owned(userId: string, id: string) {
    return this.db.selectFrom('files').selectAll().where('user_id', '=', userId).where('id', '=', id);
  }

  /** The user's file, complete or still uploading. */
  async find(userId: string, id: string): Promise<FileRow | undefined> {
    return this.owned(userId, id).executeTakeFirst();
  }

  async findReady(userId: string, id: string): Promise<FileRow | undefined> {
    return this.owned(userId, id).where('status', '=', 'ready').executeTakeFirst();
  }

  /**
   * Records a chunk only if the upload still expects it at `fromSize`; false when another request
   * got there first.
   */
  async advanceUpload(
    userId: string,
    id: string,
    fromSize: number,
    toSize: number,
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('files')
      .set({ size: toSize, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', '=', 'uploading')
      .where('size', '=', fromSize)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markReady(userId: string, id: string, sha256: string | null, now: string): Promise<void> {
    await this.db
      .updateTable('files')
      .set({ status: 'ready', sha256, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async recordSha256(userId: string, id: string, sha256: string, now: string): Promise<void> {
    await this.db
      .updateTable('files')
      .set({ sha256, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', '=', 'ready')
      .execute();
  }

  /** Complete files whose sha256 was never recorded. */
  async listUnhashed(limit: number): Promise<Pick<FileRow, 'id' | 'user_id'>[]> {
    return this.db
      .selectFrom('files')
      .select(['id', 'user_id'])
      .where('status', '=', 'ready')
      .where('sha256', 'is', null)
      .limit(limit)
      .execute();
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('files')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async keepCandidates(userId: string, ids: string[], now: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('files')
      .set({ candidate: 0, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('candidate', '=', 1)
      .execute();
  }

  /** Which of `ids` are the user's stored candidates that nobody has kept yet. */
  async unkeptCandidates(userId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('files')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('candidate', '=', 1)
      .where('status', '=', 'ready')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Uploads nobody has added to since `before`, and unkept candidates created before `candidatesBefore`. */
  async listExpired(
    before: string,
    candidatesBefore: string,
    limit: number,
  ): Promise<Pick<FileRow, 'id' | 'user_id' | 'status'>[]> {
    return this.db
      .selectFrom('files')
      .select(['id', 'user_id', 'status'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'uploading'), eb('updated_at', '<', before)]),
          eb.and([
            eb('status', '=', 'ready'),
            eb('candidate', '=', 1),
            eb('created_at', '<', candidatesBefore),
          ]),
        ]),
      )
      .limit(limit)
      .execute();
  }
}

import { type ExpressionBuilder, PostgresAdapter } from 'kysely';
import type { Db, DbHandle } from '../../db/client';
import type { Database, JobsTable } from '../../db/schema';

export type JobRow = JobsTable;

/** The part of the database handle the job queue factory needs. */
export type QueueDatabase = Pick<DbHandle, 'db' | 'dialect'>;

/** The only place that reads or writes the jobs table. Times are ISO strings from the queue's clock. */
export class QueueRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Db) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** False when the row's key is already taken by a queued or running job. */
  async insert(row: JobRow): Promise<boolean> {
    const result = await this.db
      .insertInto('jobs')
      .values(row)
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * Takes the oldest due job among `names` that nobody holds (or whose holder's lease ran out) in
   * one statement, counting the attempt. Undefined when there is none or another instance won it.
   */
  async claim(names: string[], workerId: string, now: string, lockedUntil: string) {
    if (names.length === 0) return undefined;
    const unlocked = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]);
    let candidate = this.db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', names)
      .where('run_at', '<=', now)
      .where(unlocked)
      .orderBy('run_at')
      .orderBy('created_at')
      .limit(1);
    // SQLite serialises writers; on PostgreSQL two instances must not queue up on the same row.
    if (this.postgres) candidate = candidate.forUpdate().skipLocked();
    return (
      this.db
        .updateTable('jobs')
        .set((eb) => ({
          locked_by: workerId,
          locked_until: lockedUntil,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', candidate)
        // Checked again on the row itself: another instance may have claimed it in between.
        .where(unlocked)
        .returningAll()
        .executeTakeFirst()
    );
  }

  /** Extends the leases this worker still holds; answers the ids it still holds. */
  async renew(ids: string[], workerId: string, lockedUntil: string): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('jobs')
      .set({ locked_until: lockedUntil })
      .where('id', 'in', ids)
      .where('locked_by', '=', workerId)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async delete(id: string, workerId: string): Promise<void> {
    await this.db.deleteFrom('jobs').where('id', '=', id).where('locked_by', '=', workerId).execute();
  }

  /** Releases the lease so the job runs again at runAt; `refund` gives back the attempt it took. */
  async release(id: string, workerId: string, runAt: string, refund: boolean): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set((eb) => ({
        locked_by: null,
        locked_until: null,
        run_at: runAt,
        attempts: refund ? eb('attempts', '-', 1) : eb.ref('attempts'),
      }))
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .execute();
  }
}

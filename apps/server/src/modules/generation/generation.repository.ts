import { type Updateable, sql } from 'kysely';
import type { Db } from '../../db/client';
import { findOwned } from '../../db/owned-rows';
import { type PageRequest, keysetPage } from '../../db/pagination';
import { lockForTransaction } from '../../db/sql-helpers';
import type { GenerationsTable } from '../../db/schema';
import { encodeNotice } from './events/generation-events.relay';

export type GenerationRow = GenerationsTable;
export type GenerationPatch = Omit<Updateable<GenerationsTable>, 'id' | 'user_id' | 'created_at'>;

const ACTIVE = ['queued', 'running'] as const;
const FINISHED = ['succeeded', 'failed', 'cancelled'] as const;

export interface StoredEvent {
  seq: number;
  data: string;
}

export class GenerationRepository {
  /** With `notify`, each appended event is also announced on a PostgreSQL channel at its commit. */
  constructor(
    private readonly db: Db,
    private readonly notify?: { channel: string; origin: string },
  ) {}

  /**
   * Inserts the job unless its owner already has `maxActive` queued or running, counting and
   * inserting under a per-user lock so concurrent requests cannot all pass the count. Answers the
   * active count that refused it, or null once inserted.
   */
  async insertUnderCap(row: GenerationRow, maxActive: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, `generations:${row.user_id}`);
      const { count } = await trx
        .selectFrom('generations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', row.user_id)
        .where('status', 'in', ACTIVE)
        .executeTakeFirstOrThrow();
      if (Number(count) >= maxActive) return Number(count);
      await trx.insertInto('generations').values(row).execute();
      return null;
    });
  }

  async get(userId: string, id: string): Promise<GenerationRow | undefined> {
    return findOwned(this.db, 'generations', userId, id);
  }

  /** The user's jobs, newest first, one page at a time; `status` narrows to active or finished ones. */
  async list(userId: string, status: 'active' | 'finished' | undefined, page: PageRequest) {
    const matching = this.db
      .selectFrom('generations')
      .where('user_id', '=', userId)
      .$if(status !== undefined, (qb) => qb.where('status', 'in', status === 'active' ? ACTIVE : FINISHED));
    return keysetPage(matching, matching.selectAll(), { createdAt: 'created_at', id: 'id' }, page);
  }

  /** An update of the owner's job `id` while its status is one of `from`. */
  private whileIn(userId: string, id: string, from: readonly GenerationRow['status'][]) {
    return this.db
      .updateTable('generations')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', 'in', from);
  }

  /** Cancels an active job that has saved no media yet; undefined when it had moved on. */
  async cancel(userId: string, id: string, patch: GenerationPatch): Promise<GenerationRow | undefined> {
    return this.whileIn(userId, id, ACTIVE)
      .set(patch)
      .where('media_ids', '=', '[]')
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Applies `patch` only while the job is in one of `from` (a guarded state transition); answers the
   * updated row, or undefined when the job had already moved on.
   */
  async transition(
    userId: string,
    id: string,
    from: readonly GenerationRow['status'][],
    patch: GenerationPatch,
  ): Promise<GenerationRow | undefined> {
    return this.whileIn(userId, id, from).set(patch).returningAll().executeTakeFirst();
  }

  /**
   * Takes (or renews) the lease of an active job for `owner` when nobody else holds a live one.
   * Answers the row when the lease is ours.
   */
  async lease(
    userId: string,
    id: string,
    owner: string,
    now: string,
    until: string,
  ): Promise<GenerationRow | undefined> {
    return this.whileIn(userId, id, ACTIVE)
      .set({ lease_owner: owner, lease_expires_at: until, updated_at: now })
      .where((eb) =>
        eb.or([
          eb('lease_owner', 'is', null),
          eb('lease_owner', '=', owner),
          eb('lease_expires_at', '<', now),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async releaseLease(userId: string, id: string, owner: string): Promise<void> {
    await this.db
      .updateTable('generations')
      .set({ lease_owner: null, lease_expires_at: null })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Active jobs nobody holds a live lease on, last touched before `staleBefore`: to be queued again. */
  async orphaned(now: string, staleBefore: string, limit = 100) {
    return this.db
      .selectFrom('generations')
      .select(['id', 'user_id'])
      .where('status', 'in', ACTIVE)
      .where('updated_at', '<', staleBefore)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
      .limit(limit)
      .execute();
  }

  /** Appends an event to the user's log and answers its seq, one writer per user at a time. */
  async appendEvent(userId: string, generationId: string, data: string, now: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const counter = await trx
        .insertInto('generation_event_counters')
        .values({ user_id: userId, seq: 1 })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({ seq: eb('generation_event_counters.seq', '+', 1) })),
        )
        .returning('seq')
        .executeTakeFirstOrThrow();
      const seq = Number(counter.seq);
      await trx
        .insertInto('generation_events')
        .values({ user_id: userId, seq, generation_id: generationId, data, created_at: now })
        .execute();
      // Inside the transaction, so notices leave at commit and in the order of the user's seqs.
      if (this.notify) {
        const payload = encodeNotice({ origin: this.notify.origin, userId, seq });
        await sql`select pg_notify(${this.notify.channel}, ${payload})`.execute(trx);
      }
      return seq;
    });
  }

  async event(userId: string, seq: number): Promise<StoredEvent | undefined> {
    const row = await this.db
      .selectFrom('generation_events')
      .select(['seq', 'data'])
      .where('user_id', '=', userId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row && { seq: Number(row.seq), data: row.data };
  }

  async eventsAfter(userId: string, seq: number, limit = 1000): Promise<StoredEvent[]> {
    const rows = await this.db
      .selectFrom('generation_events')
      .select(['seq', 'data'])
      .where('user_id', '=', userId)
      .where('seq', '>', seq)
      .orderBy('seq', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ seq: Number(row.seq), data: row.data }));
  }

  async pruneEvents(before: string): Promise<number> {
    const result = await this.db
      .deleteFrom('generation_events')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The user's image and character jobs that succeeded since `since`, latest first. */
  async recentImageJobs(userId: string, since: string, limit: number): Promise<GenerationRow[]> {
    return this.db
      .selectFrom('generations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', 'in', ['image', 'character'])
      .where('status', '=', 'succeeded')
      .where('finished_at', '>=', since)
      .orderBy('finished_at', 'desc')
      .limit(limit)
      .execute();
  }
}

import { sql } from 'kysely';
import type { Db } from '../../db/client';

export interface RateLimitHit {
  count: number;
  expiresAt: number;
}

/** Counters and claims that every server instance on one database shares. */
export class FleetRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one hit on `key` in one statement: a window that has run out starts again at 1, so two
   * instances counting at once never lose a hit.
   */
  async hit(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, expires_at: nowMs + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.expires_at <= ${nowMs} then 1 else rate_limits.count + 1 end`,
          expires_at: sql<number>`case when rate_limits.expires_at <= ${nowMs} then ${nowMs + windowMs} else rate_limits.expires_at end`,
        }),
      )
      .returning(['count', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), expiresAt: Number(row.expires_at) };
  }

  async readHits(key: string, nowMs: number): Promise<RateLimitHit | undefined> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'expires_at'])
      .where('key', '=', key)
      .where('expires_at', '>', nowMs)
      .executeTakeFirst();
    return row && { count: Number(row.count), expiresAt: Number(row.expires_at) };
  }

  async deleteExpiredHits(nowMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where('expires_at', '<=', nowMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Takes the run of periodic task `name` for `owner` until `leaseUntilMs`, when nobody started it
   * after `notAfterMs` and no other instance holds it now; true for the one instance whose claim
   * went through.
   */
  async claimRun(
    name: string,
    run: { owner: string; nowMs: number; notAfterMs: number; leaseUntilMs: number },
  ): Promise<boolean> {
    const taken = { run_at: run.nowMs, lease_owner: run.owner, lease_until: run.leaseUntilMs };
    const row = await this.db
      .insertInto('periodic_runs')
      .values({ name, ...taken })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet(taken)
          .where('periodic_runs.run_at', '<=', run.notAfterMs)
          .where((eb) =>
            eb.or([
              eb('periodic_runs.lease_until', 'is', null),
              eb('periodic_runs.lease_until', '<=', run.nowMs),
            ]),
          ),
      )
      .returning('name')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Extends `owner`'s hold on a run in progress; false when the lease was lost to another instance. */
  async renewRun(name: string, owner: string, leaseUntilMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('periodic_runs')
      .set({ lease_until: leaseUntilMs })
      .where('name', '=', name)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async releaseRun(name: string, owner: string): Promise<void> {
    await this.db
      .updateTable('periodic_runs')
      .set({ lease_owner: null, lease_until: null })
      .where('name', '=', name)
      .where('lease_owner', '=', owner)
      .execute();
  }
}

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
   * Takes the run of periodic task `name` when nobody took it after `notAfterMs`; true for the one
   * instance whose claim went through.
   */
  async claimRun(name: string, nowMs: number, notAfterMs: number): Promise<boolean> {
    const row = await this.db
      .insertInto('periodic_runs')
      .values({ name, run_at: nowMs })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({ run_at: nowMs }).where('periodic_runs.run_at', '<=', notAfterMs),
      )
      .returning('name')
      .executeTakeFirst();
    return row !== undefined;
  }
}

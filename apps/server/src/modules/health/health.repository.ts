import { sql } from 'kysely';
import type { Db } from '../../db/client';

export class HealthRepository {
  constructor(private readonly db: Db) {}

  /** One real round trip to the database. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}

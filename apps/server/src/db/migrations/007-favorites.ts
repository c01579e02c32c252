import { type Kysely, sql } from 'kysely';
import { indexOn } from '../migration-helpers';

const STARRED_TABLES = ['media', 'characters'] as const;

/**
 * A favourite flag (0 or 1) on media and characters. Each list gets an index that leads with the
 * owner and the flag, so `favorite=true` reads one range in creation order, both ways, instead of
 * every row of the user.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of STARRED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('favorite', 'integer', (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`favorite in (0, 1)`),
      )
      .execute();
    await indexOn(db, `${table}_user_favorite_created_idx`, table, [
      'user_id',
      'favorite',
      'created_at',
      'id',
    ]).execute();
  }
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of STARRED_TABLES) {
    await db.schema.dropIndex(`${table}_user_favorite_created_idx`).execute();
    await db.schema.alterTable(table).dropColumn('favorite').execute();
  }
}

import type { Kysely } from 'kysely';
import { indexOn } from '../migration-helpers';

/**
 * Faster list pages. First, a counter per user that every write to their characters or media raises in the same
 * transaction. The session lookup reads it, so a cached list page is keyed by the version it was
 * made at and no instance can serve a page older than a committed write.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('data_version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  // Then the gallery's type tabs: their page and their total read one range of this index,
  // where (user_id, created_at, id) left every row of the user to check and count (EXPLAIN in
  // media-list-plan.api.test.ts).
  await indexOn(db, 'media_user_type_created_idx', 'media', [
    'user_id',
    'type',
    'created_at',
    'id',
  ]).execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_user_type_created_idx').execute();
  await db.schema.alterTable('users').dropColumn('data_version').execute();
}

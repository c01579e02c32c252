import type { Kysely } from 'kysely';

/**
 * A counter per user that every write to their characters or media raises in the same
 * transaction. The session lookup reads it, so a cached list page is keyed by the version it was
 * made at and no instance can serve a page older than a committed write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('data_version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('data_version').execute();
}

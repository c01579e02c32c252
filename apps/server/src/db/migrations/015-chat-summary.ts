import type { Kysely } from 'kysely';

/**
 * Memory that lasts (issue 26). `summary` is a rolling summary of the messages that fell out of
 * the context window, up to and including `summary_through` (a seq), refreshed by a background
 * job. `last_context` records what went into the latest reply's prompt (tokens by part, lorebook
 * entries and recalled messages, as JSON), for the chat page to show.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chats')
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('chats')
    .addColumn('summary_through', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('chats').addColumn('summary_updated_at', 'varchar(32)').execute();
  await db.schema.alterTable('chats').addColumn('last_context', 'text').execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['last_context', 'summary_updated_at', 'summary_through', 'summary']) {
    await db.schema.alterTable('chats').dropColumn(column).execute();
  }
}

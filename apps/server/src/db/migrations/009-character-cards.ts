import type { Kysely } from 'kysely';

/**
 * What an imported character card holds beyond BaeGen's own fields (scenario, greetings, tags,
 * lorebook, other applications' extensions, unknown keys), as JSON text, so that exporting the
 * character gives it back unchanged. Null for characters made here.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('characters').addColumn('card_data', 'text').execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('characters').dropColumn('card_data').execute();
}

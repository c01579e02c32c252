import type { Kysely } from 'kysely';

/**
 * Image options (issue 27): the aspect ratio, negative prompt and style preset a generation job
 * asked for, as JSON, so whichever worker runs the job passes them on. Older jobs keep null.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generations').addColumn('options', 'text').execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generations').dropColumn('options').execute();
}

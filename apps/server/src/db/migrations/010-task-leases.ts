import type { Kysely } from 'kysely';

/**
 * A periodic run is held by one instance for as long as it lasts, not just claimed for an
 * interval: a slow sweep is never started again elsewhere while it runs. The lease expires, so an
 * instance that dies mid-run does not keep the task forever.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('periodic_runs').addColumn('lease_owner', 'varchar(64)').execute();
  await db.schema.alterTable('periodic_runs').addColumn('lease_until', 'bigint').execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('periodic_runs').dropColumn('lease_until').execute();
  await db.schema.alterTable('periodic_runs').dropColumn('lease_owner').execute();
}

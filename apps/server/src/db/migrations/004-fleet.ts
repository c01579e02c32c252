import type { Kysely } from 'kysely';
import { indexOn, keyedTable, required } from '../migration-helpers';

/**
 * State that several server instances on one database share: rate-limit counters and periodic runs.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await keyedTable(db, 'rate_limits', 'key', 'varchar(300)')
    .addColumn('count', 'integer', required)
    .addColumn('expires_at', 'bigint', required)
    .execute();
  await indexOn(db, 'rate_limits_expires_idx', 'rate_limits', ['expires_at']).execute();
  await keyedTable(db, 'periodic_runs', 'name', 'varchar(100)')
    .addColumn('run_at', 'bigint', required)
    .execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('periodic_runs').execute();
  await db.schema.dropTable('rate_limits').execute();
}

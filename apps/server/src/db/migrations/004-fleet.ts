import type { Kysely } from 'kysely';

/**
 * State that several server instances on one database share: rate-limit counters and periodic runs.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expires_at').execute();
  await db.schema
    .createTable('periodic_runs')
    .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('run_at', 'bigint', (col) => col.notNull())
    .execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('periodic_runs').execute();
  await db.schema.dropTable('rate_limits').execute();
}

import type { Kysely } from 'kysely';
import { indexOn, keyedTable, required } from '../migration-helpers';

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await keyedTable(db, 'jobs', 'id', 'varchar(64)')
    .addColumn('name', 'varchar(100)', required)
    .addColumn('payload', 'text', required)
    .addColumn('key', 'varchar(200)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', required)
    .addColumn('run_at', 'varchar(32)', required)
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', required)
    .execute();
  // Several NULL keys are allowed by a unique index on both SQLite and PostgreSQL.
  await indexOn(db, 'jobs_key_idx', 'jobs', ['key']).unique().execute();
  await indexOn(db, 'jobs_due_idx', 'jobs', ['run_at', 'created_at']).execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}

import type { Kysely } from 'kysely';

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('key', 'varchar(200)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('run_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  // Several NULL keys are allowed by a unique index on both SQLite and PostgreSQL.
  await db.schema.createIndex('jobs_key_idx').on('jobs').column('key').unique().execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['run_at', 'created_at']).execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}

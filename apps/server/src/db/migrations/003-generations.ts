import { type Kysely, sql } from 'kysely';
import { indexOn, ownedByUser, required, userTable } from '../migration-helpers';

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await userTable(db, 'generations')
    .addColumn('kind', 'varchar(16)', (col) =>
      col.notNull().check(sql`kind in ('image', 'character', 'video')`),
    )
    .addColumn('status', 'varchar(16)', (col) =>
      col.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
    )
    .addColumn('prompt', 'text', required)
    .addColumn('character_id', 'varchar(64)')
    .addColumn('subject', 'text')
    .addColumn('outputs_requested', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('phase', 'varchar(32)', required)
    .addColumn('percent', 'real')
    .addColumn('queue_position', 'integer')
    .addColumn('eta_seconds', 'integer')
    .addColumn('outputs', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('media_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('error_code', 'varchar(64)')
    .addColumn('error_message', 'text')
    .addColumn('provider', 'varchar(32)', required)
    .addColumn('provider_job_id', 'text')
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', required)
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', required)
    .execute();
  await indexOn(db, 'generations_user_created_idx', 'generations', ['user_id', 'created_at', 'id']).execute();
  await indexOn(db, 'generations_status_lease_idx', 'generations', ['status', 'lease_expires_at']).execute();

  // The stream's replay log: `seq` increases per user, and a counter row per user makes writers of
  // the same user take turns, so a later seq is never committed before an earlier one.
  await db.schema
    .createTable('generation_event_counters')
    .addColumn('user_id', 'varchar(64)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', required)
    .execute();
  await db.schema
    .createTable('generation_events')
    .addColumn('user_id', 'varchar(64)', ownedByUser)
    .addColumn('seq', 'bigint', required)
    .addColumn('generation_id', 'varchar(64)', required)
    .addColumn('data', 'text', required)
    .addColumn('created_at', 'varchar(32)', required)
    .addPrimaryKeyConstraint('generation_events_pk', ['user_id', 'seq'])
    .execute();
  await indexOn(db, 'generation_events_created_idx', 'generation_events', ['created_at']).execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['generation_events', 'generation_event_counters', 'generations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

import { type Kysely, sql } from 'kysely';
import { indexOn } from '../migration-helpers';

/**
 * Selfies in the chat (issue 26). A message whose picture is still being made names its
 * generation job, until the picture is saved or the job's failure is recorded: the start-up and
 * periodic check finds what a process that died never settled.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('selfie_job_id', 'varchar(64)').execute();
  await indexOn(db, 'chat_messages_selfie_job_idx', 'chat_messages', ['selfie_job_id'])
    .where(sql.ref('selfie_job_id'), 'is not', null)
    .execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chat_messages_selfie_job_idx').execute();
  await db.schema.alterTable('chat_messages').dropColumn('selfie_job_id').execute();
}

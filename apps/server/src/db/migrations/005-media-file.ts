import type { Kysely } from 'kysely';
import { indexOn } from '../migration-helpers';

/**
 * The stored file a media record shows, so one file is saved as media once per user. Records made
 * before this migration keep a null file_id (nulls never collide); the media service still checks
 * their URLs before saving.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('file_id', 'varchar(64)').execute();
  await indexOn(db, 'media_user_file_idx', 'media', ['user_id', 'file_id']).unique().execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_user_file_idx').execute();
  await db.schema.alterTable('media').dropColumn('file_id').execute();
}

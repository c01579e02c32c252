import { type Kysely, sql } from 'kysely';
import { indexOn, keyedTable, ownedByUser, required, userTable } from '../migration-helpers';

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await keyedTable(db, 'users', 'id', 'varchar(64)')
    .addColumn('wallet_address', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(32)', required)
    .execute();

  await keyedTable(db, 'auth_nonces', 'nonce', 'varchar(64)')
    .addColumn('address', 'varchar(64)', required)
    .addColumn('message', 'text', required)
    .addColumn('issued_at', 'varchar(32)', required)
    .addColumn('expires_at', 'varchar(32)', required)
    .execute();
  await indexOn(db, 'auth_nonces_expires_idx', 'auth_nonces', ['expires_at']).execute();

  await keyedTable(db, 'sessions', 'token_hash', 'varchar(64)')
    .addColumn('user_id', 'varchar(64)', ownedByUser)
    .addColumn('created_at', 'varchar(32)', required)
    .addColumn('expires_at', 'varchar(32)', required)
    .execute();
  await indexOn(db, 'sessions_user_idx', 'sessions', ['user_id']).execute();

  await userTable(db, 'characters')
    .addColumn('name', 'varchar(200)', required)
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('image_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', required)
    .addColumn('updated_at', 'varchar(32)')
    .execute();
  await indexOn(db, 'characters_user_created_idx', 'characters', ['user_id', 'created_at', 'id']).execute();

  await userTable(db, 'media')
    .addColumn('character_id', 'varchar(64)', required)
    .addColumn('type', 'varchar(8)', (col) => col.notNull().check(sql`type in ('video', 'image')`))
    .addColumn('prompt', 'text', required)
    .addColumn('url', 'text', required)
    .addColumn('thumbnail', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', required)
    .execute();
  await indexOn(db, 'media_user_created_idx', 'media', ['user_id', 'created_at', 'id']).execute();
  await indexOn(db, 'media_user_character_idx', 'media', ['user_id', 'character_id']).execute();

  await userTable(db, 'files')
    .addColumn('name', 'varchar(255)', required)
    .addColumn('mime_type', 'varchar(100)', required)
    .addColumn('size', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('total_size', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('sha256', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull().check(sql`status in ('uploading', 'ready')`))
    .addColumn('candidate', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', required)
    .addColumn('updated_at', 'varchar(32)', required)
    .execute();
  await indexOn(db, 'files_user_idx', 'files', ['user_id', 'created_at']).execute();
  await indexOn(db, 'files_status_idx', 'files', ['status', 'updated_at']).execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['files', 'media', 'characters', 'sessions', 'auth_nonces', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

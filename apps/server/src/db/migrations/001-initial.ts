import { type Kysely, sql } from 'kysely';

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('wallet_address', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('auth_nonces')
    .addColumn('nonce', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('issued_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_nonces_expires_idx').on('auth_nonces').column('expires_at').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('characters')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('image_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('characters_user_created_idx')
    .on('characters')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('character_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('type', 'varchar(8)', (col) => col.notNull().check(sql`type in ('video', 'image')`))
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('thumbnail', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('media_user_created_idx')
    .on('media')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('media_user_character_idx')
    .on('media')
    .columns(['user_id', 'character_id'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('mime_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('total_size', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('sha256', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull().check(sql`status in ('uploading', 'ready')`))
    .addColumn('candidate', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('files_user_idx').on('files').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('files_status_idx').on('files').columns(['status', 'updated_at']).execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['files', 'media', 'characters', 'sessions', 'auth_nonces', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

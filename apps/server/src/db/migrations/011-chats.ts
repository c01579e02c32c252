import { type Kysely, sql } from 'kysely';
import { indexOn, keyedTable, ownedByUser, required, userTable } from '../migration-helpers';

/**
 * Chats with a character and their messages (issue 25). Every row names its owner. A chat goes
 * with its character, its messages with the chat. A message's `seq` orders it in its chat (the
 * clock may give two messages one instant). At most one reply per chat is being written: a partial
 * unique index refuses a second `streaming` message, so two instances can never start one each.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await userTable(db, 'chats')
    .addColumn('character_id', 'varchar(64)', (col) =>
      col.notNull().references('characters.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', required)
    .addColumn('user_name', 'text', required)
    .addColumn('memory', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('message_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_seq', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_message_at', 'varchar(32)', required)
    .addColumn('created_at', 'varchar(32)', required)
    .addColumn('updated_at', 'varchar(32)', required)
    .execute();
  // The list orders: all of a user's chats, or one character's, by latest activity.
  await indexOn(db, 'chats_user_activity_idx', 'chats', ['user_id', 'last_message_at', 'id']).execute();
  await indexOn(db, 'chats_user_character_activity_idx', 'chats', [
    'user_id',
    'character_id',
    'last_message_at',
    'id',
  ]).execute();
  await indexOn(db, 'chats_character_idx', 'chats', ['character_id']).execute();

  await keyedTable(db, 'chat_messages', 'id', 'varchar(64)')
    .addColumn('chat_id', 'varchar(64)', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(64)', ownedByUser)
    .addColumn('seq', 'integer', required)
    .addColumn('role', 'varchar(16)', (col) => col.notNull().check(sql`role in ('user', 'assistant')`))
    // The text of the swipe on show; appended to while the reply is written.
    .addColumn('content', 'text', required)
    // Every swipe as a JSON array of strings; the entry at swipe_index is `content` once written.
    .addColumn('swipes', 'text', required)
    .addColumn('swipe_index', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (col) =>
      col.notNull().check(sql`status in ('streaming', 'done', 'stopped', 'failed')`),
    )
    .addColumn('error_code', 'varchar(64)')
    .addColumn('error_message', 'text')
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('tokens', 'integer')
    .addColumn('model', 'text')
    // Raised by every edit, so a read-modify-write never overwrites a change made in between.
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
    // The instance writing the reply, until when; set once, when a worker takes the reply.
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', required)
    .addColumn('updated_at', 'varchar(32)', required)
    .execute();
  await indexOn(db, 'chat_messages_chat_seq_idx', 'chat_messages', ['chat_id', 'seq']).unique().execute();
  await indexOn(db, 'chat_messages_one_streaming_idx', 'chat_messages', ['chat_id'])
    .unique()
    .where(sql.ref('status'), '=', 'streaming')
    .execute();
  await indexOn(db, 'chat_messages_streaming_lease_idx', 'chat_messages', ['lease_expires_at'])
    .where(sql.ref('status'), '=', 'streaming')
    .execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_messages').ifExists().execute();
  await db.schema.dropTable('chats').ifExists().execute();
}

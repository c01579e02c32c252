import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../sql-helpers';

/**
 * Recall (issue 26): the chat's messages searchable by full text, so those that fell out of the
 * context window can be found again for a reply. PostgreSQL indexes `to_tsvector('english',
 * content)` with GIN; the query must spell the same expression. SQLite keeps an FTS5 index over
 * `chat_messages.content` (external content: the text is stored once), in step through triggers,
 * keyed by the table's rowid; a VACUUM may renumber rowids, so one must be followed by
 * `insert into chat_messages_fts(chat_messages_fts) values ('rebuild')`.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index chat_messages_search_idx on chat_messages
      using gin (to_tsvector('english', content))`.execute(db);
    return;
  }
  await sql`create virtual table chat_messages_fts using fts5(content, content = 'chat_messages',
    content_rowid = 'rowid', tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
  await sql`insert into chat_messages_fts(chat_messages_fts) values ('rebuild')`.execute(db);
  await sql`create trigger chat_messages_fts_insert after insert on chat_messages begin
      insert into chat_messages_fts(rowid, content) values (new.rowid, new.content);
    end`.execute(db);
  await sql`create trigger chat_messages_fts_delete after delete on chat_messages begin
      insert into chat_messages_fts(chat_messages_fts, rowid, content) values ('delete', old.rowid, old.content);
    end`.execute(db);
  // Only a change of the text reindexes a message, not a lease renewal or a status change.
  await sql`create trigger chat_messages_fts_update after update of content on chat_messages begin
      insert into chat_messages_fts(chat_messages_fts, rowid, content) values ('delete', old.rowid, old.content);
      insert into chat_messages_fts(rowid, content) values (new.rowid, new.content);
    end`.execute(db);
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('chat_messages_search_idx').execute();
    return;
  }
  for (const event of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.raw(`chat_messages_fts_${event}`)}`.execute(db);
  }
  await sql`drop table chat_messages_fts`.execute(db);
}

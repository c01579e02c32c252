import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../sql-helpers';

/**
 * Recall that stays fast in long chats (issue 26). Migration 013's indexes found a term's
 * messages across every chat, then kept the chat's own, and ranked them by text that had to be
 * read again: 66 ms (SQLite) and 450 ms (PostgreSQL) at 100,000 messages.
 *
 * PostgreSQL keeps each message's `tsvector` once, in `chat_message_search` (written by a trigger,
 * so no query of `chat_messages` carries it), indexed by GIN and by chat: a query ANDs the two
 * bitmaps and ranks the stored vectors. SQLite's FTS5 index gains the chat's id as a column, so a
 * match is the chat's own before anything is read; ranking is done by the caller from the
 * postings (see chat-recall.repository.ts).
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index chat_messages_search_idx`.execute(db);
    await createPostgresSearch(db);
    return;
  }
  await dropSqliteIndex(db);
  await sql`create virtual table chat_messages_fts using fts5(chat_id, content, content = 'chat_messages',
    content_rowid = 'rowid', tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
  await sql`insert into chat_messages_fts(chat_messages_fts) values ('rebuild')`.execute(db);
  // How many messages of all chats hold each term: the order in which a query reads its terms.
  await sql`create virtual table chat_messages_fts_terms using fts5vocab(chat_messages_fts, 'row')`.execute(
    db,
  );
  await sql`create trigger chat_messages_fts_insert after insert on chat_messages begin
      insert into chat_messages_fts(rowid, chat_id, content) values (new.rowid, new.chat_id, new.content);
    end`.execute(db);
  await sql`create trigger chat_messages_fts_delete after delete on chat_messages begin
      insert into chat_messages_fts(chat_messages_fts, rowid, chat_id, content)
      values ('delete', old.rowid, old.chat_id, old.content);
    end`.execute(db);
  await sql`create trigger chat_messages_fts_update after update of content on chat_messages begin
      insert into chat_messages_fts(chat_messages_fts, rowid, chat_id, content)
      values ('delete', old.rowid, old.chat_id, old.content);
      insert into chat_messages_fts(rowid, chat_id, content) values (new.rowid, new.chat_id, new.content);
    end`.execute(db);
}

/** Migration 014's PostgreSQL search table, its indexes and its trigger (also migration 017's down). */
export async function createPostgresSearch(db: Kysely<unknown>): Promise<void> {
  await sql`create table chat_message_search (
      message_id varchar(64) primary key references chat_messages(id) on delete cascade,
      chat_id varchar(64) not null,
      user_id varchar(64) not null,
      seq integer not null,
      vector tsvector not null
    )`.execute(db);
  await sql`insert into chat_message_search (message_id, chat_id, user_id, seq, vector)
    select id, chat_id, user_id, seq, to_tsvector('english', content) from chat_messages`.execute(db);
  await sql`create index chat_message_search_vector_idx on chat_message_search using gin (vector)`.execute(
    db,
  );
  await sql`create index chat_message_search_chat_seq_idx on chat_message_search (chat_id, seq)`.execute(db);
  await sql`create function chat_message_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into chat_message_search (message_id, chat_id, user_id, seq, vector)
        values (new.id, new.chat_id, new.user_id, new.seq, to_tsvector('english', new.content));
      else
        update chat_message_search set vector = to_tsvector('english', new.content)
        where message_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  // Only a change of the text reindexes a message, not a lease renewal or a status change.
  await sql`create trigger chat_message_search_insert after insert on chat_messages
    for each row execute function chat_message_search_sync()`.execute(db);
  await sql`create trigger chat_message_search_update after update of content on chat_messages
    for each row when (old.content is distinct from new.content)
    execute function chat_message_search_sync()`.execute(db);
}

async function dropSqliteIndex(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update']) {
    await sql`drop trigger if exists ${sql.raw(`chat_messages_fts_${event}`)}`.execute(db);
  }
  await sql`drop table if exists chat_messages_fts`.execute(db);
}

/** @public Run by the migrator, through db/migrations/index.ts. Back to migration 013's indexes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop table chat_message_search`.execute(db);
    await sql`drop function chat_message_search_sync() cascade`.execute(db);
    await sql`create index chat_messages_search_idx on chat_messages
      using gin (to_tsvector('english', content))`.execute(db);
    return;
  }
  await dropSqliteIndex(db);
  const previous = await import('./013-chat-recall');
  await previous.up(db);
}

import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../sql-helpers';
import { createPostgresSearch } from './014-chat-recall-by-chat';

/**
 * PostgreSQL recall by postings within the chat (issue 26). Migration 014's GIN index holds a
 * term's messages across every chat, so a common word cost a read of all its matches in all chats
 * before the chat's own were kept: 6–9 ms a query at 100,000 messages, growing with everyone's
 * chats. Each message's lexemes (English stemming, stop words out, as `to_tsvector` gives them) are
 * now rows keyed by chat, term and position, written by a trigger: a term's messages in one chat
 * are one short range of a B-tree, read up to a bound and ranked in code, as SQLite does. The
 * owner's id rides in the index, so the read never visits the table. SQLite is unchanged.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop table chat_message_search`.execute(db);
  await sql`drop function chat_message_search_sync() cascade`.execute(db);
  await sql`create table chat_message_terms (
      chat_id varchar(64) not null,
      term text not null,
      seq integer not null,
      user_id varchar(64) not null,
      message_id varchar(64) not null references chat_messages(id) on delete cascade,
      constraint chat_message_terms_pkey primary key (chat_id, term, seq) include (user_id)
    )`.execute(db);
  // For the cascade when messages go, and for rewriting one message's terms.
  await sql`create index chat_message_terms_message_idx on chat_message_terms (message_id)`.execute(db);
  await sql`insert into chat_message_terms (chat_id, term, seq, user_id, message_id)
    select m.chat_id, t.term, m.seq, m.user_id, m.id
    from chat_messages m, unnest(tsvector_to_array(to_tsvector('english', m.content))) as t(term)`.execute(
    db,
  );
  await sql`create function chat_message_terms_sync() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          delete from chat_message_terms where message_id = new.id;
        end if;
        insert into chat_message_terms (chat_id, term, seq, user_id, message_id)
        select new.chat_id, t.term, new.seq, new.user_id, new.id
        from unnest(tsvector_to_array(to_tsvector('english', new.content))) as t(term);
        return null;
      end $$`.execute(db);
  // A reply is indexed once it is written, not at each flush of its stream (ten a second): recall
  // reads only messages older than the window, never the one being written.
  await sql`create trigger chat_message_terms_insert after insert on chat_messages
    for each row when (new.status <> 'streaming')
    execute function chat_message_terms_sync()`.execute(db);
  // A lease renewal changes neither the text nor the status, and reindexes nothing.
  await sql`create trigger chat_message_terms_update after update of content, status on chat_messages
    for each row when (new.status <> 'streaming'
      and (old.content is distinct from new.content or old.status is distinct from new.status))
    execute function chat_message_terms_sync()`.execute(db);
}

/** @public Run by the migrator, through db/migrations/index.ts. Back to migration 014's table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop table chat_message_terms`.execute(db);
  await sql`drop function chat_message_terms_sync() cascade`.execute(db);
  await createPostgresSearch(db);
}

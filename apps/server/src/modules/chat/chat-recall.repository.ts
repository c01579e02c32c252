import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { isPostgres } from '../../db/sql-helpers';
import { rankCandidates } from './recall-ranking';

/** The chat's messages before `beforeSeq` matching any of `terms`, at most `limit`; the owner named. */
export interface RecallQuery {
  userId: string;
  chatId: string;
  beforeSeq: number;
  /** Letters and digits only, from `recallTerms`. */
  terms: string[];
  limit: number;
}

export interface RecalledRow {
  role: 'user' | 'assistant';
  content: string;
  seq: number;
}

/** The most candidates a query ranks (see recall-ranking.ts). */
const CANDIDATE_CAP = 2000;

/** Candidates read at a time until enough lie before the window. */
const SQLITE_FETCH_BATCH = 25;

/**
 * Full-text search over a chat's messages: PostgreSQL's English lexemes kept by chat in
 * `chat_message_terms` (migration 017), SQLite's FTS5 with the Porter stemmer and the chat's id as
 * a column (migration 014). Any of the terms matches; both rank the same way, in code
 * (recall-ranking.ts); the best matches come first. Every query names the owner.
 */
export class ChatRecallRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Db) {
    this.postgres = isPostgres(db);
  }

  /** The messages of `query`, best first. */
  async matches(query: RecallQuery): Promise<RecalledRow[]> {
    if (query.terms.length === 0) return [];
    return this.postgres ? this.postgresMatches(query) : this.sqliteMatches(query);
  }

  /**
   * Each lexeme's postings in the chat (migration 017), read from the primary key alone, with the
   * chat's size; ranked in code; then the best messages read whole. A term past the cap is not
   * sent back: the ranking would leave it out.
   */
  private async postgresMatches(query: RecallQuery): Promise<RecalledRow[]> {
    const { userId, chatId, beforeSeq, terms, limit } = query;
    const { rows: postings } = await sql<{ seqs: number[]; size: number }>`
      select array_agg(p.seq) as seqs,
        (select message_count from chats where id = ${chatId} and user_id = ${userId}) as size
      from unnest(tsvector_to_array(to_tsvector('english', ${terms.join(' ')}))) as t(term)
      cross join lateral (
        select seq from chat_message_terms
        where chat_id = ${chatId} and term = t.term and user_id = ${userId} and seq < ${beforeSeq}
        limit ${CANDIDATE_CAP + 1}
      ) p
      group by t.term
      having count(*) <= ${CANDIDATE_CAP}`.execute(this.db);
    const best = rankCandidates(
      postings.map((row) => row.seqs),
      { chatSize: Number(postings[0]?.size ?? 0), cap: CANDIDATE_CAP },
    ).slice(0, limit);
    if (best.length === 0) return [];
    const { rows } = await sql<RecalledRow>`select role, content, seq from chat_messages
      where user_id = ${userId} and chat_id = ${chatId} and seq = any(${best})`.execute(this.db);
    const bySeq = new Map(rows.map((row) => [Number(row.seq), row]));
    return best.flatMap((seq) => {
      const row = bySeq.get(seq);
      return row ? [{ role: row.role, content: row.content, seq }] : [];
    });
  }

  private async sqliteMatches(query: RecallQuery): Promise<RecalledRow[]> {
    const { userId, chatId, beforeSeq, terms, limit } = query;
    const inChat = `chat_id : "${chatId.replaceAll('"', '""')}"`;
    const chatSize = await sql<{ n: number }>`select message_count as n from chats
      where id = ${chatId} and user_id = ${userId}`.execute(this.db);
    const postings: number[][] = [];
    for (const term of terms) {
      const { rows } = await sql<{ id: number }>`select rowid as id from chat_messages_fts
        where chat_messages_fts match ${`${inChat} AND content : "${term}"`}
        limit ${CANDIDATE_CAP + 1}`.execute(this.db);
      postings.push(rows.map((row) => row.id));
    }
    const ranked = rankCandidates(postings, {
      chatSize: Number(chatSize.rows[0]?.n ?? 0),
      cap: CANDIDATE_CAP,
    });
    const found: RecalledRow[] = [];
    for (let start = 0; start < ranked.length && found.length < limit; start += SQLITE_FETCH_BATCH) {
      const batch = ranked.slice(start, start + SQLITE_FETCH_BATCH);
      const { rows } = await sql<RecalledRow & { id: number }>`select rowid as id, role, content, seq
        from chat_messages where rowid in (${sql.join(batch)})
          and user_id = ${userId} and chat_id = ${chatId} and seq < ${beforeSeq}`.execute(this.db);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of batch) {
        const row = byId.get(id);
        if (row && found.length < limit)
          found.push({ role: row.role, content: row.content, seq: Number(row.seq) });
      }
    }
    return found;
  }
}

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

/** The most candidates SQLite's ranking reads (see recall-ranking.ts). */
const SQLITE_CANDIDATE_CAP = 2000;

/** Candidates read at a time until enough lie before the window. */
const SQLITE_FETCH_BATCH = 25;

/**
 * Full-text search over a chat's messages (migration 014): PostgreSQL's English `tsvector` kept in
 * `chat_message_search`, SQLite's FTS5 with the Porter stemmer and the chat's id as a column. Any
 * of the terms matches; the best matches come first. Every query names the owner.
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

  /** Ranked by `ts_rank` on the stored vectors, in a subquery, so only the best rows are read whole. */
  private async postgresMatches({
    userId,
    chatId,
    beforeSeq,
    terms,
    limit,
  }: RecallQuery): Promise<RecalledRow[]> {
    const { rows } =
      await sql<RecalledRow>`with query as (select to_tsquery('english', ${terms.join(' | ')}) as q),
        best as (
          select s.message_id, s.seq, ts_rank(s.vector, query.q) as rank
          from chat_message_search s, query
          where s.user_id = ${userId} and s.chat_id = ${chatId} and s.seq < ${beforeSeq}
            and s.vector @@ query.q
          order by rank desc, s.seq desc
          limit ${limit}
        )
      select m.role, m.content, m.seq from best
      join chat_messages m on m.id = best.message_id and m.user_id = ${userId}
      order by best.rank desc, best.seq desc`.execute(this.db);
    return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
  }

  private async sqliteMatches({
    userId,
    chatId,
    beforeSeq,
    terms,
    limit,
  }: RecallQuery): Promise<RecalledRow[]> {
    const inChat = `chat_id : "${chatId.replaceAll('"', '""')}"`;
    const chatSize = await sql<{ n: number }>`select count(*) as n from chat_messages_fts
      where chat_messages_fts match ${inChat}`.execute(this.db);
    const postings: number[][] = [];
    for (const term of terms) {
      const { rows } = await sql<{ id: number }>`select rowid as id from chat_messages_fts
        where chat_messages_fts match ${`${inChat} AND content : "${term}"`}
        limit ${SQLITE_CANDIDATE_CAP + 1}`.execute(this.db);
      postings.push(rows.map((row) => row.id));
    }
    const ranked = rankCandidates(postings, {
      chatSize: Number(chatSize.rows[0]?.n ?? 0),
      cap: SQLITE_CANDIDATE_CAP,
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

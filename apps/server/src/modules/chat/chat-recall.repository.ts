import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { isPostgres } from '../../db/sql-helpers';

export interface RecalledRow {
  role: 'user' | 'assistant';
  content: string;
  seq: number;
}

/**
 * Full-text search over a chat's messages (migration 013): PostgreSQL's English `tsvector`,
 * SQLite's FTS5 with the Porter stemmer. Any of the terms matches; the best matches come first
 * (ts_rank, bm25). Every query names the owner.
 */
export class ChatRecallRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Db) {
    this.postgres = isPostgres(db);
  }

  /**
   * The chat's messages before `beforeSeq` that best match any of `terms` (letters and digits
   * only, from `recallTerms`), at most `limit`, best first.
   */
  async matches(
    userId: string,
    chatId: string,
    beforeSeq: number,
    terms: string[],
    limit: number,
  ): Promise<RecalledRow[]> {
    if (terms.length === 0) return [];
    const query = this.postgres
      ? sql<RecalledRow>`select role, content, seq from chat_messages
          where user_id = ${userId} and chat_id = ${chatId} and seq < ${beforeSeq}
            and to_tsvector('english', content) @@ to_tsquery('english', ${terms.join(' | ')})
          order by ts_rank(to_tsvector('english', content), to_tsquery('english', ${terms.join(' | ')})) desc,
            seq desc
          limit ${limit}`
      : // CROSS JOIN keeps the index first: led by the chat's messages instead, SQLite would run
        // the whole match once for each of them (seconds in a long chat).
        sql<RecalledRow>`select m.role, m.content, m.seq from chat_messages_fts f
          cross join chat_messages m on m.rowid = f.rowid
          where chat_messages_fts match ${terms.map((term) => `"${term}"`).join(' OR ')}
            and m.user_id = ${userId} and m.chat_id = ${chatId} and m.seq < ${beforeSeq}
          order by bm25(chat_messages_fts), m.seq desc
          limit ${limit}`;
    const { rows } = await query.execute(this.db);
    return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
  }
}

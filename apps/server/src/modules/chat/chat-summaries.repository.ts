import type { Db } from '../../db/client';
import { updateOwned } from '../../db/owned-rows';
import type { ChatRow } from './chats.repository';

export interface SummarySource {
  role: 'user' | 'assistant';
  content: string;
  seq: number;
}

/** A chat's rolling summary and what its replies' prompts held; every query names the owner. */
export class ChatSummariesRepository {
  constructor(private readonly db: Db) {}

  /** Records what went into the latest reply's prompt (JSON), for the chat page and the summary. */
  async recordContext(userId: string, chatId: string, context: string): Promise<void> {
    await this.db
      .updateTable('chats')
      .set({ last_context: context })
      .where('user_id', '=', userId)
      .where('id', '=', chatId)
      .execute();
  }

  /**
   * Stores the summary through message `through`, unless it changed since it was read (its
   * `summary_through` is no longer `expectedThrough`: a rebuild began meanwhile).
   */
  async save(
    userId: string,
    chatId: string,
    summary: { text: string; through: number; at: string },
    expectedThrough: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('chats')
      .set({ summary: summary.text, summary_through: summary.through, summary_updated_at: summary.at })
      .where('user_id', '=', userId)
      .where('id', '=', chatId)
      .where('summary_through', '=', expectedThrough)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Empties the summary, to be written again from the start (`writtenAt` null until it is). */
  async reset(userId: string, chatId: string, writtenAt: string | null): Promise<ChatRow | undefined> {
    return updateOwned(this.db, 'chats', userId, chatId, {
      summary: '',
      summary_through: 0,
      summary_updated_at: writtenAt,
    });
  }

  /** The newest `limit` written messages after `afterSeq` and before `beforeSeq`, oldest first. */
  async between(
    userId: string,
    chatId: string,
    afterSeq: number,
    beforeSeq: number,
    limit: number,
  ): Promise<SummarySource[]> {
    const rows = await this.db
      .selectFrom('chat_messages')
      .select(['role', 'content', 'seq'])
      .where('user_id', '=', userId)
      .where('chat_id', '=', chatId)
      .where('seq', '>', afterSeq)
      .where('seq', '<', beforeSeq)
      .where('status', '!=', 'streaming')
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((row) => ({ ...row, seq: Number(row.seq) }));
  }
}

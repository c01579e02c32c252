import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/client';
import { findOwned } from '../../db/owned-rows';
import type { ChatMessagesTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql-helpers';
import { InvalidCursorError } from '../../errors/domain-errors';
import type { NewMessageRow } from './chats.repository';

export type MessageRow = Selectable<ChatMessagesTable>;
/** What an edit, a swipe pick, a regenerate or a continue may change of a message. */
export type MessageChanges = Omit<
  Updateable<ChatMessagesTable>,
  'id' | 'chat_id' | 'user_id' | 'seq' | 'role' | 'revision' | 'created_at'
>;

/** A write refused because the chat already has a reply being written. */
export const BUSY = 'busy' as const;

const encodeSeq = (seq: number) => Buffer.from(JSON.stringify(['seq', seq])).toString('base64url');

function decodeSeq(cursor: string): number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed[0] === 'seq' && Number.isSafeInteger(parsed[1]))
      return parsed[1] as number;
  } catch {
    // fall through to the error below
  }
  throw new InvalidCursorError();
}

/** Messages of the users' chats, and the replies being written into them; every query names the owner. */
export class ChatMessagesRepository {
  constructor(private readonly db: Db) {}

  async get(userId: string, chatId: string, id: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('chat_id', '=', chatId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A message by id alone within the owner's messages (the worker and the relay know no chat). */
  async find(userId: string, id: string): Promise<MessageRow | undefined> {
    return findOwned(this.db, 'chat_messages', userId, id);
  }

  async streaming(userId: string, chatId: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('chat_id', '=', chatId)
      .where('status', '=', 'streaming')
      .executeTakeFirst();
  }

  /** The newest `limit` messages before the cursor, oldest first; the cursor leads further back. */
  async page(userId: string, chatId: string, page: { limit: number; cursor?: string }) {
    const before = page.cursor === undefined ? undefined : decodeSeq(page.cursor);
    const rows = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('chat_id', '=', chatId)
      .$if(before !== undefined, (qb) => qb.where('seq', '<', before!))
      .orderBy('seq', 'desc')
      .limit(page.limit + 1)
      .execute();
    const documents = rows.slice(0, page.limit).reverse();
    const oldest = documents[0];
    return { documents, nextCursor: rows.length > page.limit && oldest ? encodeSeq(oldest.seq) : null };
  }

  /**
   * The latest `limit` messages before `seq` (null: the latest of all), oldest first: what a
   * reply's prompt is made of.
   */
  async before(userId: string, chatId: string, seq: number | null, limit: number) {
    const rows = await this.db
      .selectFrom('chat_messages')
      .select(['role', 'content', 'seq'])
      .where('user_id', '=', userId)
      .where('chat_id', '=', chatId)
      .$if(seq !== null, (qb) => qb.where('seq', '<', seq!))
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  /** Every message of the chat, oldest first (an export). */
  async all(userId: string, chatId: string): Promise<MessageRow[]> {
    return this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('chat_id', '=', chatId)
      .orderBy('seq', 'asc')
      .execute();
  }

  /**
   * Appends messages to the chat (the user's and the reply to write) in one transaction that takes
   * the chat's next seqs. BUSY when the chat already has a reply being written; undefined when the
   * chat is not the user's.
   */
  async append(
    userId: string,
    chatId: string,
    messages: NewMessageRow[],
    now: string,
  ): Promise<MessageRow[] | typeof BUSY | undefined> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const chat = await trx
          .updateTable('chats')
          .set((eb) => ({
            last_seq: eb('last_seq', '+', messages.length),
            message_count: eb('message_count', '+', messages.length),
            last_message_at: now,
            updated_at: now,
          }))
          .where('user_id', '=', userId)
          .where('id', '=', chatId)
          .returning('last_seq')
          .executeTakeFirst();
        if (!chat) return undefined;
        const first = Number(chat.last_seq) - messages.length + 1;
        const rows = messages.map((message, index) => ({
          ...message,
          chat_id: chatId,
          user_id: userId,
          seq: first + index,
        }));
        await trx.insertInto('chat_messages').values(rows).execute();
        return rows;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return BUSY;
      throw error;
    }
  }

  /**
   * Applies `changes` to a message that has not changed since it was read (`revision`) and is not
   * being written. Starting a reply this way (status `streaming`) is BUSY while another is written.
   */
  async change(
    userId: string,
    row: Pick<MessageRow, 'chat_id' | 'id' | 'revision'>,
    changes: MessageChanges,
  ): Promise<MessageRow | typeof BUSY | undefined> {
    try {
      return await this.db
        .updateTable('chat_messages')
        .set((eb) => ({ ...changes, revision: eb('revision', '+', 1) }))
        .where('user_id', '=', userId)
        .where('chat_id', '=', row.chat_id)
        .where('id', '=', row.id)
        .where('revision', '=', row.revision)
        .where('status', '<>', 'streaming')
        .returningAll()
        .executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error)) return BUSY;
      throw error;
    }
  }

  /** Deletes a message that is not being written, and counts it off its chat. */
  async delete(userId: string, chatId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('chat_messages')
        .where('user_id', '=', userId)
        .where('chat_id', '=', chatId)
        .where('id', '=', id)
        .where('status', '<>', 'streaming')
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows) > 0;
      if (deleted) {
        await trx
          .updateTable('chats')
          .set((eb) => ({ message_count: eb('message_count', '-', 1) }))
          .where('user_id', '=', userId)
          .where('id', '=', chatId)
          .execute();
      }
      return deleted;
    });
  }

  /** Stops the chat's reply being written, its text so far kept; undefined when none is. */
  async stop(userId: string, chatId: string, now: string): Promise<MessageRow | undefined> {
    return this.db
      .updateTable('chat_messages')
      .set((eb) => ({ status: 'stopped', updated_at: now, revision: eb('revision', '+', 1) }))
      .where('user_id', '=', userId)
      .where('chat_id', '=', chatId)
      .where('status', '=', 'streaming')
      .returningAll()
      .executeTakeFirst();
  }

  /** Replies being written whose worker stopped renewing its lease (it died): stopped, text kept. */
  async stopAbandoned(now: string): Promise<MessageRow[]> {
    return this.db
      .updateTable('chat_messages')
      .set((eb) => ({ status: 'stopped', updated_at: now, revision: eb('revision', '+', 1) }))
      .where('status', '=', 'streaming')
      .where('lease_owner', 'is not', null)
      .where('lease_expires_at', '<', now)
      .returningAll()
      .execute();
  }

  /** Replies no worker has taken since before `staleBefore` (their job was lost): to queue again. */
  async untaken(staleBefore: string, limit = 100) {
    return this.db
      .selectFrom('chat_messages')
      .select(['id', 'user_id', 'chat_id'])
      .where('status', '=', 'streaming')
      .where('lease_owner', 'is', null)
      .where('updated_at', '<', staleBefore)
      .limit(limit)
      .execute();
  }
}

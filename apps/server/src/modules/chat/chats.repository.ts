import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/client';
import { deleteOwned, findOwned, updateOwned } from '../../db/owned-rows';
import { decodeCursor, encodeCursor } from '../../db/pagination';
import type { ChatMessagesTable, ChatsTable } from '../../db/schema';

export type ChatRow = Selectable<ChatsTable>;
export type ChatChanges = Pick<Updateable<ChatsTable>, 'title' | 'memory' | 'user_name' | 'updated_at'>;
export type NewMessageRow = Omit<Selectable<ChatMessagesTable>, 'seq' | 'user_id' | 'chat_id'>;

/** Rows per insert when a chat's messages are written at once, within every dialect's parameter limit. */
const INSERT_BATCH = 500;

/** The chats of each user; every query names the owner. */
export class ChatsRepository {
  constructor(private readonly db: Db) {}

  /** A chat with its first messages (the greeting, or a whole imported chat), in one transaction. */
  async insert(chat: ChatRow, messages: NewMessageRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('chats')
        .values({ ...chat, message_count: messages.length, last_seq: messages.length })
        .execute();
      for (let start = 0; start < messages.length; start += INSERT_BATCH) {
        const batch = messages.slice(start, start + INSERT_BATCH).map((message, index) => ({
          ...message,
          chat_id: chat.id,
          user_id: chat.user_id,
          seq: start + index + 1,
        }));
        await trx.insertInto('chat_messages').values(batch).execute();
      }
    });
  }

  async get(userId: string, id: string): Promise<ChatRow | undefined> {
    return findOwned(this.db, 'chats', userId, id);
  }

  /** One page of the user's chats (or one character's), latest activity first. */
  async list(
    userId: string,
    characterId: string | undefined,
    page: { limit: number; cursor?: string },
  ): Promise<{ documents: ChatRow[]; nextCursor: string | null }> {
    const after = page.cursor ? decodeCursor(page.cursor) : undefined;
    const rows = await this.db
      .selectFrom('chats')
      .selectAll()
      .where('user_id', '=', userId)
      .$if(characterId !== undefined, (qb) => qb.where('character_id', '=', characterId!))
      .$if(after !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('last_message_at', '<', after!.createdAt),
            eb.and([eb('last_message_at', '=', after!.createdAt), eb('id', '<', after!.id)]),
          ]),
        ),
      )
      .orderBy('last_message_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit + 1)
      .execute();
    const documents = rows.slice(0, page.limit);
    const last = documents.at(-1);
    const nextCursor =
      rows.length > page.limit && last
        ? encodeCursor({ createdAt: last.last_message_at, id: last.id })
        : null;
    return { documents, nextCursor };
  }

  async update(userId: string, id: string, changes: ChatChanges): Promise<ChatRow | undefined> {
    return updateOwned(this.db, 'chats', userId, id, changes);
  }

  /** Deletes the chat and its messages; answers the id of the reply it was writing, if any. */
  async delete(userId: string, id: string): Promise<{ deleted: boolean; streamingId: string | null }> {
    return this.db.transaction().execute(async (trx) => {
      const streaming = await trx
        .selectFrom('chat_messages')
        .select('id')
        .where('user_id', '=', userId)
        .where('chat_id', '=', id)
        .where('status', '=', 'streaming')
        .executeTakeFirst();
      const deleted = await deleteOwned(trx, 'chats', userId, id);
      return { deleted, streamingId: streaming?.id ?? null };
    });
  }

  /** Marks activity on the chat (a message added or finished): it moves to the top of the list. */
  async touch(userId: string, id: string, now: string): Promise<void> {
    await updateOwned(this.db, 'chats', userId, id, { last_message_at: now, updated_at: now });
  }
}

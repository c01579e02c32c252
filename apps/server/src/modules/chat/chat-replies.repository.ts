import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { MessageChanges, MessageRow } from './chat-messages.repository';
import { CHAT_EVENTS_CHANNEL, type ChatNotice, encodeChatNotice } from './events/chat-notices';

/** Where the text of a delta sits in its reply, and whose chat it is, for the notice. */
export interface AppendAt {
  chatId: string;
  from: number;
  to: number;
}

/**
 * An update of the owner's reply `id` while it is still written: not yet taken (`holder` null), or
 * with its lease held by `holder`.
 */
const whileWritten = (db: Db, userId: string, id: string, holder: string | null) =>
  db
    .updateTable('chat_messages')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('status', '=', 'streaming')
    .where('lease_owner', holder === null ? 'is' : '=', holder);

/**
 * The worker's writes to a reply it writes under a lease, and the announcements to other
 * instances (with `origin`, when instances share the database).
 */
export class ChatRepliesRepository {
  constructor(
    private readonly db: Db,
    private readonly origin: string | null,
  ) {}

  /** Takes a reply no worker has taken yet; undefined when it is taken, over, or gone. */
  async take(userId: string, id: string, owner: string, now: string, until: string) {
    return whileWritten(this.db, userId, id, null)
      .set({ lease_owner: owner, lease_expires_at: until, updated_at: now })
      .returningAll()
      .executeTakeFirst();
  }

  /** Keeps the lease; false once the reply is no longer this worker's to write (stopped, deleted). */
  async renew(userId: string, id: string, owner: string, until: string): Promise<boolean> {
    const result = await whileWritten(this.db, userId, id, owner)
      .set({ lease_expires_at: until })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Appends text to the reply and renews the lease, announcing the new offsets at commit; false
   * once the reply is no longer this worker's to write.
   */
  async appendText(
    userId: string,
    id: string,
    owner: string,
    text: string,
    until: string,
    at: AppendAt,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await whileWritten(trx, userId, id, owner)
        .set({ content: sql<string>`content || ${text}`, lease_expires_at: until })
        .executeTakeFirst();
      const appended = Number(result.numUpdatedRows) > 0;
      if (appended && this.origin) {
        const notice: ChatNotice = { kind: 'delta', origin: this.origin, userId, messageId: id, ...at };
        await sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${encodeChatNotice(notice)})`.execute(trx);
      }
      return appended;
    });
  }

  /** Ends the reply this worker writes; undefined when it was stopped or deleted meanwhile. */
  async finish(
    userId: string,
    id: string,
    owner: string,
    changes: MessageChanges,
  ): Promise<MessageRow | undefined> {
    return whileWritten(this.db, userId, id, owner)
      .set((eb) => ({ ...changes, revision: eb('revision', '+', 1) }))
      .returningAll()
      .executeTakeFirst();
  }

  /** The reply's text now, for a delta another instance announced. */
  async content(userId: string, id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('chat_messages')
      .select('content')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.content;
  }

  /** Sends `payload` on `channel` to every instance (PostgreSQL only: callers check). */
  async announce(channel: string, payload: string): Promise<void> {
    await sql`select pg_notify(${channel}, ${payload})`.execute(this.db);
  }
}

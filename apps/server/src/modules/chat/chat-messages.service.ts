import type {
  ChatMessage,
  ChatMessageList,
  ChatMessageListQuery,
  ChatMessagePatch,
  SentChatMessage,
} from '@baegen/shared/contract';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../queue';
import { chatBusy, chatIdle, messageNotFound, notAReply, swipeOutOfRange } from './chat-errors';
import { swipesOf, toMessage } from './chat-documents';
import {
  BUSY,
  type ChatMessagesRepository,
  type MessageChanges,
  type MessageRow,
} from './chat-messages.repository';
import { CHAT_REPLY_JOB, type ChatReplyJobPayload } from './chat-reply.job';
import type { ChatService } from './chat.service';
import type { ChatsRepository } from './chats.repository';
import type { ChatEvents } from './events/chat-events';
import { messageRow } from './message-rows';
import type { ReplyStopper } from './reply-stopper';

export interface ChatMessagesDeps {
  chats: ChatService;
  chatRows: ChatsRepository;
  messages: ChatMessagesRepository;
  events: ChatEvents;
  queue: Pick<JobQueue, 'enqueue'>;
  stopper: ReplyStopper;
  clock: Clock;
}

/** What a reply about to be written again (regenerate, continue) starts from. */
const RESTART: MessageChanges = {
  status: 'streaming',
  error_code: null,
  error_message: null,
  lease_owner: null,
  lease_expires_at: null,
};

/**
 * The messages of a chat: sending one (and the reply it starts), regenerating and continuing a
 * reply, editing, picking a swipe, deleting, stopping. One reply at a time per chat: the database
 * refuses a second (409 CHAT_BUSY), whichever instance asks.
 */
export class ChatMessagesService {
  constructor(private readonly deps: ChatMessagesDeps) {}

  private now() {
    return this.deps.clock().toISOString();
  }

  private async row(userId: string, chatId: string, id: string): Promise<MessageRow> {
    const row = await this.deps.messages.get(userId, chatId, id);
    if (!row) {
      await this.deps.chats.row(userId, chatId);
      throw messageNotFound();
    }
    return row;
  }

  async list(userId: string, chatId: string, query: ChatMessageListQuery): Promise<ChatMessageList> {
    await this.deps.chats.row(userId, chatId);
    const page = await this.deps.messages.page(userId, chatId, query);
    return { documents: page.documents.map(toMessage), nextCursor: page.nextCursor };
  }

  /** Stores the user's message and an empty reply, and queues the reply's writing. */
  async send(userId: string, chatId: string, content: string): Promise<SentChatMessage> {
    const now = this.now();
    const rows = await this.deps.messages.append(
      userId,
      chatId,
      [
        messageRow({ role: 'user', content, status: 'done', now }),
        messageRow({ role: 'assistant', content: '', status: 'streaming', now }),
      ],
      now,
    );
    if (rows === BUSY) throw chatBusy();
    if (!rows) {
      await this.deps.chats.row(userId, chatId);
      throw chatBusy();
    }
    const [message, reply] = rows.map(toMessage) as [ChatMessage, ChatMessage];
    await this.deps.events.message(userId, message);
    await this.startReply(userId, reply);
    return { message, reply };
  }

  /** A new swipe on a reply (or the empty one it ended with, written again). */
  async regenerate(userId: string, chatId: string, id: string): Promise<ChatMessage> {
    const row = await this.reply(userId, chatId, id);
    const swipes = swipesOf(row);
    const index = row.content === '' ? row.swipe_index : swipes.length;
    swipes[index] = '';
    return this.restart(userId, row, {
      ...RESTART,
      content: '',
      swipes: JSON.stringify(swipes),
      swipe_index: index,
      tokens: null,
      model: null,
    });
  }

  /** Writes on from the end of a reply. */
  async continue(userId: string, chatId: string, id: string): Promise<ChatMessage> {
    const row = await this.reply(userId, chatId, id);
    return this.restart(userId, row, { ...RESTART, swipes: JSON.stringify(swipesOf(row)) });
  }

  /** Edits the text of the swipe on show, or shows another swipe (then edits it, with both). */
  async edit(userId: string, chatId: string, id: string, patch: ChatMessagePatch): Promise<ChatMessage> {
    const row = await this.row(userId, chatId, id);
    if (row.status === 'streaming') throw chatBusy();
    const swipes = swipesOf(row);
    const index = patch.swipeIndex ?? row.swipe_index;
    if (index >= swipes.length) throw swipeOutOfRange();
    if (patch.content !== undefined) swipes[index] = patch.content;
    // What the message shows now is written text: whatever went wrong making another swipe is past.
    const changed = await this.change(userId, row, {
      content: swipes[index],
      swipes: JSON.stringify(swipes),
      swipe_index: index,
      status: 'done',
      error_code: null,
      error_message: null,
      updated_at: this.now(),
    });
    const message = toMessage(changed);
    await this.deps.events.message(userId, message);
    return message;
  }

  async delete(userId: string, chatId: string, id: string): Promise<void> {
    if (await this.deps.messages.delete(userId, chatId, id)) return;
    const row = await this.row(userId, chatId, id);
    if (row.status === 'streaming') throw chatBusy();
  }

  /** Stops the reply being written: it keeps its text so far. 409 CHAT_IDLE when none is. */
  async stop(userId: string, chatId: string): Promise<ChatMessage> {
    const row = await this.deps.messages.stop(userId, chatId, this.now());
    if (!row) {
      await this.deps.chats.row(userId, chatId);
      throw chatIdle();
    }
    await this.deps.stopper.stop(userId, row.id);
    const message = toMessage(row);
    await this.deps.events.message(userId, message);
    return message;
  }

  private async reply(userId: string, chatId: string, id: string): Promise<MessageRow> {
    const row = await this.row(userId, chatId, id);
    if (row.role !== 'assistant') throw notAReply();
    if (row.status === 'streaming') throw chatBusy();
    return row;
  }

  private async restart(userId: string, row: MessageRow, changes: MessageChanges): Promise<ChatMessage> {
    const now = this.now();
    const changed = await this.change(userId, row, { ...changes, updated_at: now });
    await this.deps.chatRows.touch(userId, row.chat_id, now);
    const reply = toMessage(changed);
    await this.startReply(userId, reply);
    return reply;
  }

  /** A guarded write: BUSY, or a message changed (or started) meanwhile, is 409 CHAT_BUSY. */
  private async change(userId: string, row: MessageRow, changes: MessageChanges): Promise<MessageRow> {
    const changed = await this.deps.messages.change(userId, row, changes);
    if (changed === BUSY) throw chatBusy();
    if (!changed) {
      await this.row(userId, row.chat_id, row.id);
      throw chatBusy();
    }
    return changed;
  }

  private async startReply(userId: string, reply: ChatMessage): Promise<void> {
    await this.deps.events.message(userId, reply);
    const payload: ChatReplyJobPayload = { userId, chatId: reply.chatId, messageId: reply.$id };
    await this.deps.queue.enqueue(CHAT_REPLY_JOB, payload, { maxAttempts: 1 });
  }
}

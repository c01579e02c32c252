import {
  type Chat,
  CHAT_COPY,
  type ChatList,
  type ChatListQuery,
  type ChatMessage,
  type ChatPatch,
  type CreateChatInput,
  DEFAULT_CHAT_USER_NAME,
} from '@baegen/shared/contract';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { CharacterCardData } from '../characters';
import { chatNotFound } from './chat-errors';
import { toChat, toMessage } from './chat-documents';
import type { ChatMessagesRepository } from './chat-messages.repository';
import type { ChatRow, ChatsRepository, NewMessageRow } from './chats.repository';
import { messageRow } from './message-rows';
import type { ReplyStopper } from './reply-stopper';

export interface ChatServiceDeps {
  chats: ChatsRepository;
  messages: ChatMessagesRepository;
  stopper: ReplyStopper;
  /** The user's character's card; 404 when the user has none such. */
  characters: { cardData(userId: string, id: string): Promise<CharacterCardData> };
  /** The swipes of a new chat's first message. */
  greetings(card: CharacterCardData, userName: string): string[];
  /** The text shown so far of a reply this process writes, ahead of its row. */
  shownText(messageId: string): string | undefined;
  clock: Clock;
}

/** The users' chats: made with a greeting (or from an import), listed, renamed, deleted. */
export class ChatService {
  constructor(private readonly deps: ChatServiceDeps) {}

  private now() {
    return this.deps.clock().toISOString();
  }

  async row(userId: string, id: string): Promise<ChatRow> {
    const row = await this.deps.chats.get(userId, id);
    if (!row) throw chatNotFound();
    return row;
  }

  async get(userId: string, id: string): Promise<Chat> {
    return toChat(await this.row(userId, id));
  }

  /** A new chat with the character, its first message her greeting. */
  async create(userId: string, characterId: string, input: CreateChatInput): Promise<Chat> {
    const card = await this.deps.characters.cardData(userId, characterId);
    const userName = input.userName ?? DEFAULT_CHAT_USER_NAME;
    const now = this.now();
    const swipes = this.deps.greetings(card, userName);
    const greeting = messageRow({ role: 'assistant', content: swipes[0]!, swipes, status: 'done', now });
    return this.insert(
      userId,
      characterId,
      { title: input.title ?? CHAT_COPY.defaultTitle(card.name), userName },
      [greeting],
    );
  }

  /** Stores a chat with its messages at once (a new chat's greeting, or an imported chat). */
  async insert(
    userId: string,
    characterId: string,
    fields: { title: string; userName: string; memory?: string },
    messages: NewMessageRow[],
  ): Promise<Chat> {
    const now = this.now();
    const row: ChatRow = {
      id: newId(),
      user_id: userId,
      character_id: characterId,
      title: fields.title,
      user_name: fields.userName,
      memory: fields.memory ?? '',
      message_count: messages.length,
      last_seq: messages.length,
      last_message_at: messages.at(-1)?.created_at ?? now,
      created_at: now,
      updated_at: now,
      summary: '',
      summary_through: 0,
      summary_updated_at: null,
      last_context: null,
    };
    await this.deps.chats.insert(row, messages);
    return toChat(row);
  }

  async list(userId: string, query: ChatListQuery): Promise<ChatList> {
    const page = await this.deps.chats.list(userId, query.characterId, query);
    return { documents: page.documents.map(toChat), nextCursor: page.nextCursor };
  }

  async update(userId: string, id: string, patch: ChatPatch): Promise<Chat> {
    const row = await this.deps.chats.update(userId, id, {
      ...(patch.title === undefined ? {} : { title: patch.title }),
      ...(patch.memory === undefined ? {} : { memory: patch.memory }),
      ...(patch.userName === undefined ? {} : { user_name: patch.userName }),
      updated_at: this.now(),
    });
    if (!row) throw chatNotFound();
    return toChat(row);
  }

  /** Deletes the chat and its messages; a reply being written in it is stopped. */
  async delete(userId: string, id: string): Promise<void> {
    const { deleted, streamingId } = await this.deps.chats.delete(userId, id);
    if (!deleted) throw chatNotFound();
    if (streamingId) await this.deps.stopper.stop(userId, streamingId);
  }

  /** The chat's reply being written, with its text so far; null when none is. */
  async streaming(userId: string, chatId: string): Promise<ChatMessage | null> {
    const row = await this.deps.messages.streaming(userId, chatId);
    if (!row) return null;
    const message = toMessage(row);
    const shown = this.deps.shownText(message.$id);
    if (shown === undefined || shown.length <= message.content.length) return message;
    const swipes = message.swipes.map((swipe, index) => (index === message.swipeIndex ? shown : swipe));
    return { ...message, content: shown, swipes };
  }
}

import {
  CHAT_COPY,
  CHAT_LIMITS,
  type Chat,
  type ChatAttachment,
  DEFAULT_CHAT_USER_NAME,
} from '@baegen/shared/contract';
import type { Clock } from '../../lib/clock';
import type { CharacterCardData } from '../characters';
import { invalidChat } from './chat-errors';
import { swipesOf } from './chat-documents';
import { InvalidJsonlError, fromJsonl, humanizedDate, toJsonl } from './chat-jsonl';
import type { ChatMessagesRepository } from './chat-messages.repository';
import type { ChatService } from './chat.service';
import { messageRow } from './message-rows';

export interface ChatTransferDeps {
  chats: ChatService;
  messages: ChatMessagesRepository;
  characters: { cardData(userId: string, id: string): Promise<CharacterCardData> };
  /** The saved pictures messages show: what each shows, and which of the user's a URL is. */
  media: {
    promptsOf(userId: string, ids: string[]): Promise<Map<string, string>>;
    idByUrl(userId: string, url: string): Promise<string | null>;
  };
  clock: Clock;
}

const pictureOf = (row: { attachments: string }) =>
  (JSON.parse(row.attachments) as ChatAttachment[]).find((item) => item.url !== null);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Chats out and in as SillyTavern JSONL files. */
export class ChatTransferService {
  constructor(private readonly deps: ChatTransferDeps) {}

  /** The chat as a file: its name (`<character>_<date>.jsonl`) and its text. */
  async export(userId: string, chatId: string): Promise<{ fileName: string; body: string }> {
    const chat = await this.deps.chats.row(userId, chatId);
    const card = await this.deps.characters.cardData(userId, chat.character_id);
    const rows = await this.deps.messages.all(userId, chatId);
    const mediaIds = rows.flatMap((row) => pictureOf(row)?.mediaId ?? []);
    const scenes = mediaIds.length > 0 ? await this.deps.media.promptsOf(userId, mediaIds) : new Map();
    const body = toJsonl({
      userName: chat.user_name,
      characterName: card.name,
      title: chat.title,
      memory: chat.memory,
      createdAt: chat.created_at,
      messages: rows.map((row) => ({
        role: row.role,
        content: row.content,
        swipes: swipesOf(row),
        swipeIndex: row.swipe_index,
        createdAt: row.created_at,
        model: row.model,
        tokens: row.tokens === null ? null : Number(row.tokens),
        image: imageOf(row, scenes),
      })),
    });
    return { fileName: `${card.name}_${humanizedDate(this.deps.clock().toISOString())}.jsonl`, body };
  }

  /** A new chat with the character, of a SillyTavern chat file; 400 INVALID_CHAT for anything else. */
  async import(userId: string, characterId: string, bytes: Buffer): Promise<Chat> {
    const card = await this.deps.characters.cardData(userId, characterId);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw invalidChat();
    }
    let parsed;
    try {
      parsed = fromJsonl(text);
    } catch (error) {
      if (error instanceof InvalidJsonlError) throw invalidChat(error.message);
      throw error;
    }
    const now = this.deps.clock().toISOString();
    const mediaIds = await Promise.all(
      parsed.messages.map((message) => message.image && this.deps.media.idByUrl(userId, message.image)),
    );
    const messages = parsed.messages.map((message, index) =>
      messageRow({
        role: message.role,
        content: message.content,
        swipes: message.swipes,
        swipeIndex: message.swipeIndex,
        status: 'done',
        now,
        createdAt: message.sentAt ?? now,
        tokens: message.tokens,
        model: message.model,
        image: message.image ? { url: message.image, mediaId: mediaIds[index] ?? null } : undefined,
      }),
    );
    const title = parsed.title?.trim().slice(0, CHAT_LIMITS.title) || CHAT_COPY.defaultTitle(card.name);
    const userName = parsed.userName.trim().slice(0, CHAT_LIMITS.userName) || DEFAULT_CHAT_USER_NAME;
    const memory = (parsed.memory ?? '').slice(0, CHAT_LIMITS.memory);
    return this.deps.chats.insert(userId, characterId, { title, userName, memory }, messages);
  }
}

function imageOf(row: { attachments: string }, scenes: Map<string, string>) {
  const picture = pictureOf(row);
  if (!picture?.url) return null;
  return { url: picture.url, scene: (picture.mediaId && scenes.get(picture.mediaId)) || null };
}

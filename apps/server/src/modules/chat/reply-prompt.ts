import type { CharacterCardData } from '../characters';
import type { ChatMessagesRepository, MessageRow } from './chat-messages.repository';
import type { ChatsRepository } from './chats.repository';
import { buildPrompt } from './prompt/prompt-builder';
import { loadTokenCounter } from './prompt/token-counter';
import { toPromptCharacter } from './prompt-character';
import type { ChatRequest } from './providers/chat-provider.port';

/** The most messages a prompt reads back; the budget drops the oldest of them anyway. */
const HISTORY_LIMIT = 400;

export interface ReplyPromptDeps {
  chats: ChatsRepository;
  messages: ChatMessagesRepository;
  characters: { cardData(userId: string, id: string): Promise<CharacterCardData> };
  contextTokens: number;
  maxReplyTokens: number;
}

/**
 * The prompt of a reply: the character's card, the chat's memory and user name, and the messages
 * before the reply. A reply with text already is a Continue from that text.
 */
export class ReplyPrompt {
  constructor(private readonly deps: ReplyPromptDeps) {}

  async build(userId: string, reply: MessageRow): Promise<ChatRequest> {
    const chat = await this.deps.chats.get(userId, reply.chat_id);
    if (!chat) throw new Error(`chat ${reply.chat_id} is gone`);
    const card = await this.deps.characters.cardData(userId, chat.character_id);
    const history = (await this.deps.messages.before(userId, chat.id, reply.seq, HISTORY_LIMIT)).map(
      (message) => ({ role: message.role, content: message.content }),
    );
    const built = buildPrompt({
      character: toPromptCharacter(card),
      userName: chat.user_name,
      memory: chat.memory,
      history,
      contextTokens: this.deps.contextTokens,
      maxReplyTokens: this.deps.maxReplyTokens,
      ...(reply.content === '' ? {} : { continueFrom: reply.content }),
      tokens: await loadTokenCounter(),
    });
    return built.request;
  }
}

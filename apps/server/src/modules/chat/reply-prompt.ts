import type { ChatContext, ChatContextUsage } from '@baegen/shared/contract';
import type { CharacterCardData } from '../characters';
import type { ChatMessagesRepository, MessageRow } from './chat-messages.repository';
import type { ChatRecallRepository } from './chat-recall.repository';
import { lastContextOf } from './last-context';
import type { ChatsRepository } from './chats.repository';
import { type BuildPromptInput, type BuiltPrompt, buildPrompt } from './prompt/prompt-builder';
import { recallTerms } from './prompt/recall-terms';
import { loadTokenCounter } from './prompt/token-counter';
import { toPromptCharacter } from './prompt-character';
import type { ChatRequest } from './providers/chat-provider.port';

/** Characters of a recalled message shown on the chat page. */
const EXCERPT_CHARS = 160;

const excerpt = (text: string) =>
  text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…`;

/** The most messages a prompt reads back; the budget drops the oldest of them anyway. */
const HISTORY_LIMIT = 400;

/** The best matches looked at for recall; the recall budget keeps fewer when they are long. */
const RECALL_CANDIDATES = 5;

export interface ReplyPromptDeps {
  chats: ChatsRepository;
  messages: ChatMessagesRepository;
  recall: ChatRecallRepository;
  characters: { cardData(userId: string, id: string): Promise<CharacterCardData> };
  contextTokens: number;
  maxReplyTokens: number;
}

/**
 * The prompt of a reply: the character's card, the chat's memory and user name, the messages
 * before the reply, and the older messages that best match the user's latest words. A reply with
 * text already is a Continue from that text.
 */
export class ReplyPrompt {
  constructor(private readonly deps: ReplyPromptDeps) {}

  /**
   * The request of a reply, what it holds (for the chat page), and the seq of the oldest message
   * it sends: those before it are the summary's to keep.
   */
  async build(
    userId: string,
    reply: MessageRow,
  ): Promise<{ request: ChatRequest; usage: ChatContextUsage; windowStart: number | null }> {
    const built = await this.assemble(userId, reply.chat_id, reply.seq, reply.content);
    return {
      request: { ...built.request, variant: Number(reply.swipe_index) },
      usage: this.usageOf(built),
      windowStart: built.oldestSent?.seq ?? null,
    };
  }

  /** How much of the context the prompt of a reply written now would take, and what the last one held. */
  async context(userId: string, chatId: string): Promise<ChatContext> {
    const built = await this.assemble(userId, chatId, null, '');
    return { ...this.usageOf(built), lastReply: built.lastReply };
  }

  /** The seq of the oldest message a reply written now would send (null: none would be). */
  async windowStart(userId: string, chatId: string): Promise<number | null> {
    return (await this.assemble(userId, chatId, null, '')).oldestSent?.seq ?? null;
  }

  private usageOf(built: BuiltPrompt): ChatContextUsage {
    const { usage } = built;
    return {
      usedTokens: usage.contextTokens,
      budgetTokens: usage.budgetTokens,
      contextTokens: this.deps.contextTokens,
      historyMessages: usage.historyMessages,
      droppedMessages: usage.droppedMessages,
      parts: usage.parts,
      lorebookEntries: built.lorebookEntries,
      recalled: built.recalled.map((message) => ({
        seq: message.seq,
        role: message.role,
        excerpt: excerpt(message.content),
      })),
    };
  }

  private async assemble(userId: string, chatId: string, beforeSeq: number | null, replyText: string) {
    // Read together: on PostgreSQL each read is a round trip.
    const [chat, rows] = await Promise.all([
      this.deps.chats.get(userId, chatId),
      this.deps.messages.before(userId, chatId, beforeSeq, HISTORY_LIMIT),
    ]);
    if (!chat) throw new Error(`chat ${chatId} is gone`);
    const card = await this.deps.characters.cardData(userId, chat.character_id);
    const history = rows.map((message) => ({
      role: message.role,
      content: message.content,
      seq: Number(message.seq),
    }));
    const input: BuildPromptInput = {
      character: toPromptCharacter(card),
      userName: chat.user_name,
      memory: chat.memory,
      summary: chat.summary,
      history,
      contextTokens: this.deps.contextTokens,
      maxReplyTokens: this.deps.maxReplyTokens,
      ...(replyText === '' ? {} : { continueFrom: replyText }),
      tokens: await loadTokenCounter(),
    };
    const built = buildPrompt(input);
    const recalled = await this.recall(userId, chat.id, history, built);
    // Recalled messages take room the history had: the window only shrinks, so none is sent twice.
    const final = recalled.length === 0 ? built : buildPrompt({ ...input, recalled });
    return { ...final, lastReply: lastContextOf(chat.last_context) };
  }

  /** The best matches for the user's latest message among those the window left out. */
  private async recall(
    userId: string,
    chatId: string,
    history: { role: 'user' | 'assistant'; content: string; seq: number }[],
    built: BuiltPrompt,
  ) {
    const windowStart = built.oldestSent?.seq;
    const outside = built.usage.droppedMessages > 0 || history.length === HISTORY_LIMIT;
    const latest = [...history].reverse().find((message) => message.role === 'user');
    if (windowStart === undefined || !outside || !latest) return [];
    const terms = recallTerms(latest.content);
    return this.deps.recall.matches({
      userId,
      chatId,
      beforeSeq: windowStart,
      terms,
      limit: RECALL_CANDIDATES,
    });
  }
}

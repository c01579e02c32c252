import type { Chat } from '@baegen/shared/contract';
import type { Clock } from '../../lib/clock';
import type { CharacterCardData } from '../characters';
import type { JobContext, JobQueue } from '../queue';
import { chatNotFound } from './chat-errors';
import type { MessageRow } from './chat-messages.repository';
import { lastContextOf } from './last-context';
import { toChat } from './chat-documents';
import type { ChatSummariesRepository, SummarySource } from './chat-summaries.repository';
import type { ChatsRepository } from './chats.repository';
import { type SummaryLine, summaryRequest } from './prompt/summary-prompt';
import type { TokenCounter } from './prompt/token-counter';
import { type ChatProvider, completeText } from './providers/chat-provider.port';

export const CHAT_SUMMARY_JOB = 'chat-summary';
export type ChatSummaryJobPayload = { userId: string; chatId: string };

/**
 * The most messages a summary reads back from the window's edge: older ones than these are left
 * to recall, so a long imported chat costs a few requests, not hundreds.
 */
const SUMMARY_SPAN = 200;

export interface ChatSummariesDeps {
  chats: Pick<ChatsRepository, 'get'>;
  summaries: ChatSummariesRepository;
  characters: { cardData(userId: string, id: string): Promise<CharacterCardData> };
  /** The seq of the oldest message a reply written now would send. */
  windowStart(userId: string, chatId: string): Promise<number | null>;
  provider: ChatProvider;
  queue: Pick<JobQueue, 'enqueue'>;
  tokens: () => Promise<TokenCounter>;
  clock: Clock;
  /** Messages that leave the window between two refreshes. */
  every: number;
  /** Tokens of transcript one summary request carries. */
  batchTokens: number;
}

/**
 * The chat's rolling summary: the messages that fell out of the context window, folded into it
 * by the chat provider (a non-streamed request) in a background job once `every` of them have
 * left, so a reply never waits for it. The job reads the window as a reply written now would
 * see it, folds the messages that left it in batches, and stores the summary after each batch.
 */
export class ChatSummaries {
  constructor(private readonly deps: ChatSummariesDeps) {}

  /**
   * After a reply: a refresh when enough messages have left the window. Where the window began is
   * read off the reply's recorded prompt (the reply's place less the messages it sent: close
   * enough to decide; the job finds the exact edge).
   */
  async afterReply(userId: string, reply: Pick<MessageRow, 'chat_id' | 'seq'>): Promise<void> {
    const chat = await this.deps.chats.get(userId, reply.chat_id);
    const sent = chat && lastContextOf(chat.last_context)?.historyMessages;
    if (!chat || sent === undefined) return;
    const left = Number(reply.seq) - sent - 1 - Number(chat.summary_through);
    if (left >= this.deps.every) await this.enqueue(userId, reply.chat_id);
  }

  /**
   * Writes the summary again from the start. While it is being written its time is null; when no
   * message lies before the window there is nothing to summarise, and the empty summary is
   * written at once, so a client waiting for it stops waiting.
   */
  async rebuild(userId: string, chatId: string): Promise<Chat> {
    if (!(await this.deps.chats.get(userId, chatId))) throw chatNotFound();
    const windowStart = await this.deps.windowStart(userId, chatId);
    const behind =
      windowStart !== null &&
      (await this.deps.summaries.between(userId, chatId, 0, windowStart, 1)).length > 0;
    const row = await this.deps.summaries.reset(
      userId,
      chatId,
      behind ? null : this.deps.clock().toISOString(),
    );
    if (!row) throw chatNotFound();
    if (behind) await this.enqueue(userId, chatId);
    return toChat(row);
  }

  async run(job: JobContext<ChatSummaryJobPayload>): Promise<void> {
    const { userId, chatId } = job.payload;
    for (;;) {
      const chat = await this.deps.chats.get(userId, chatId);
      const windowStart = chat && (await this.deps.windowStart(userId, chatId));
      if (!chat || !windowStart) return;
      const through = Number(chat.summary_through);
      const sources = await this.deps.summaries.between(userId, chatId, through, windowStart, SUMMARY_SPAN);
      const batches = await this.batches(sources);
      if (batches.length === 0) return;
      const card = await this.deps.characters.cardData(userId, chat.character_id);
      let summary = chat.summary;
      let done = through;
      for (const batch of batches) {
        const lines: SummaryLine[] = batch.map((message) => ({
          name: message.role === 'user' ? chat.user_name : card.name,
          text: message.content,
        }));
        const request = summaryRequest({ char: card.name, user: chat.user_name, previous: summary, lines });
        // An empty answer would wipe what the summary held: the batch counts as read, the text stays.
        summary = (await completeText(this.deps.provider, request, job.signal)) || summary;
        const last = batch[batch.length - 1]!.seq;
        const at = this.deps.clock().toISOString();
        // A rebuild began meanwhile: start over from what it left.
        if (!(await this.deps.summaries.save(userId, chatId, { text: summary, through: last, at }, done)))
          break;
        done = last;
      }
    }
  }

  private async enqueue(userId: string, chatId: string): Promise<void> {
    const payload: ChatSummaryJobPayload = { userId, chatId };
    await this.deps.queue.enqueue(CHAT_SUMMARY_JOB, payload, {
      key: `chat-summary:${chatId}`,
      maxAttempts: 3,
    });
  }

  /** Consecutive runs of messages of at most `batchTokens` each (a longer message goes alone). */
  private async batches(sources: SummarySource[]): Promise<SummarySource[][]> {
    const tokens = await this.deps.tokens();
    const batches: SummarySource[][] = [];
    let current: SummarySource[] = [];
    let size = 0;
    for (const message of sources) {
      if (!/\S/.test(message.content)) continue;
      const cost = tokens.countTurn(message.content);
      if (current.length > 0 && size + cost > this.deps.batchTokens) {
        batches.push(current);
        current = [];
        size = 0;
      }
      current.push(message);
      size += cost;
    }
    if (current.length > 0) batches.push(current);
    return batches;
  }
}

import { CHAT_COPY, CHAT_ERROR_CODES } from '@baegen/shared/contract';
import type { Clock } from '../../lib/clock';
import type { JobContext } from '../queue';
import { toMessage } from './chat-documents';
import type { MessageChanges, MessageRow } from './chat-messages.repository';
import type { ChatReplyJobPayload } from './chat-reply.job';
import type { ChatRepliesRepository } from './chat-replies.repository';
import type { ChatEvents } from './events/chat-events';
import type { ChatProvider, ChatRequest, ChatToolCall } from './providers/chat-provider.port';
import { ReplyWriter } from './reply-writer';
import { ReplyStopped, type RunningReplies } from './running-replies';

export interface ReplyRunnerDeps {
  replies: ChatRepliesRepository;
  events: ChatEvents;
  running: RunningReplies;
  provider: ChatProvider;
  /** The prompt of the reply in `row`: the chat and the character as they are now. */
  prompt(userId: string, row: MessageRow): Promise<ChatRequest>;
  /** Marks activity on the chat. */
  touch(userId: string, chatId: string, now: string): Promise<void>;
  clock: Clock;
  instanceId: string;
  leaseMs: number;
  flushMs: number;
  onError(error: unknown, context: Record<string, unknown>): void;
  /** Told of each reply written to its end, with the functions the model called in it. */
  onDone(userId: string, row: MessageRow, calls: ChatToolCall[]): Promise<void>;
}

/**
 * Writes one reply, as a job on the queue: it takes the reply's row under a lease, streams the
 * provider's text into it in batches (each batch pushed to the chat's streams), and ends it `done`,
 * `failed` (with the error users see) or, when the server stops meanwhile, `stopped`. A stop or a
 * delete aborts the provider request: the row refuses the next write, and the registry of running
 * replies (or a stop announcement) ends it sooner.
 */
export class ChatReplyRunner {
  constructor(private readonly deps: ReplyRunnerDeps) {}

  private iso(offsetMs = 0) {
    return new Date(this.deps.clock().getTime() + offsetMs).toISOString();
  }

  async handle(job: JobContext<ChatReplyJobPayload>): Promise<void> {
    const { userId, chatId, messageId } = job.payload;
    const { replies, instanceId: owner, leaseMs } = this.deps;
    // Taken once: a reply whose worker died is not written twice, the upkeep stops it.
    const taken = await replies.take(userId, messageId, owner, this.iso(), this.iso(leaseMs));
    if (!taken) return;
    const controller = this.deps.running.trackReply(messageId, taken.content);
    const stop = () => controller.abort(new ReplyStopped());
    const writer = new ReplyWriter({
      offset: taken.content.length,
      flushMs: this.deps.flushMs,
      write: (text, from) =>
        replies.appendText(userId, messageId, owner, text, this.iso(leaseMs), {
          chatId,
          from,
          to: from + text.length,
        }),
      shown: (text, offset) => {
        this.deps.running.extend(messageId, text);
        this.deps.events.delta(userId, chatId, { messageId, text, offset });
      },
      abort: stop,
    });
    const heartbeat = setInterval(() => void this.renew(userId, messageId, stop), leaseMs / 3);
    heartbeat.unref();
    const signal = AbortSignal.any([job.signal, controller.signal]);
    try {
      let completionTokens: number | null = null;
      const calls: ChatToolCall[] = [];
      const request = await this.deps.prompt(userId, taken);
      for await (const chunk of this.deps.provider.stream(request, signal)) {
        if (chunk.type === 'text') writer.push(chunk.text);
        else if (chunk.type === 'tool') calls.push(chunk);
        else completionTokens = chunk.completionTokens;
      }
      // A provider may end quietly once aborted: what was asked for then is a stop, not an answer.
      signal.throwIfAborted();
      await writer.flush();
      if (writer.lost) return;
      await this.finish(
        userId,
        taken,
        {
          status: 'done',
          tokens: completionTokens === null ? null : (taken.tokens ?? 0) + completionTokens,
          model: this.deps.provider.model,
        },
        calls,
      );
    } catch (error) {
      await this.settle(userId, taken, writer, error, { queue: job.signal, stop: controller.signal });
    } finally {
      clearInterval(heartbeat);
      writer.close();
      this.deps.running.release(messageId);
    }
  }

  /** Keeps the lease while the reply is written; a reply no longer ours to write is stopped here. */
  private async renew(userId: string, messageId: string, stop: () => void) {
    try {
      const ours = await this.deps.replies.renew(
        userId,
        messageId,
        this.deps.instanceId,
        this.iso(this.deps.leaseMs),
      );
      if (!ours) stop();
    } catch (error) {
      this.deps.onError(error, { messageId, during: 'lease renewal' });
    }
  }

  private async settle(
    userId: string,
    taken: MessageRow,
    writer: ReplyWriter,
    error: unknown,
    signals: { queue: AbortSignal; stop: AbortSignal },
  ) {
    // Stopped or deleted: the row already says so, and keeps the text written so far.
    if (signals.stop.aborted && writer.failure === null) return;
    // The text received so far is kept, whatever ends the reply.
    await writer.flush().catch(() => undefined);
    if (writer.lost) return;
    if (signals.queue.aborted) {
      await this.finish(userId, taken, { status: 'stopped', model: this.deps.provider.model });
      return;
    }
    const cause = writer.failure ?? error;
    this.deps.onError(cause, { messageId: taken.id, provider: this.deps.provider.name });
    await this.finish(userId, taken, {
      status: 'failed',
      error_code: CHAT_ERROR_CODES.replyFailed,
      error_message: CHAT_COPY.replyFailed,
      model: this.deps.provider.model,
    });
  }

  private async finish(
    userId: string,
    taken: MessageRow,
    changes: MessageChanges,
    calls: ChatToolCall[] = [],
  ) {
    const now = this.iso();
    const row = await this.deps.replies.finish(userId, taken.id, this.deps.instanceId, {
      ...changes,
      updated_at: now,
    });
    if (!row) return;
    await this.deps.touch(userId, row.chat_id, now);
    await this.deps.events.message(userId, toMessage(row));
    if (row.status === 'done') {
      await this.deps
        .onDone(userId, row, calls)
        .catch((error: unknown) =>
          this.deps.onError(error, { messageId: row.id, during: 'after the reply' }),
        );
    }
  }
}

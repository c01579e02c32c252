import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../queue';
import { toMessage } from './chat-documents';
import type { ChatMessagesRepository } from './chat-messages.repository';
import { CHAT_REPLY_JOB, type ChatReplyJobPayload } from './chat-reply.job';
import type { ChatEvents } from './events/chat-events';

export interface ChatUpkeepDeps {
  messages: ChatMessagesRepository;
  events: ChatEvents;
  queue: Pick<JobQueue, 'enqueue'>;
  clock: Clock;
  leaseMs: number;
}

/**
 * Periodic care of replies being written. One whose worker died (its lease ran out) ends
 * `stopped` with its text so far, never left `streaming`: Continue picks it up. One no worker has
 * taken for two leases (its job was lost between the row and the queue) is queued again; a
 * duplicate job is harmless, as a reply is taken once. Answers how many replies it saw to.
 */
export class ChatUpkeep {
  constructor(private readonly deps: ChatUpkeepDeps) {}

  async run(): Promise<number> {
    const now = this.deps.clock();
    const stopped = await this.deps.messages.stopAbandoned(now.toISOString());
    for (const row of stopped) await this.deps.events.message(row.user_id, toMessage(row));
    const staleBefore = new Date(now.getTime() - 2 * this.deps.leaseMs).toISOString();
    const untaken = await this.deps.messages.untaken(staleBefore);
    for (const row of untaken) {
      const payload: ChatReplyJobPayload = { userId: row.user_id, chatId: row.chat_id, messageId: row.id };
      await this.deps.queue.enqueue(CHAT_REPLY_JOB, payload, { maxAttempts: 1 });
    }
    return stopped.length + untaken.length;
  }
}

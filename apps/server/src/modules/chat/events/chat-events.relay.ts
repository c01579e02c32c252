import type { ChatMessage } from '@baegen/shared/contract';
import type { ChatEventsHub } from './chat-events.hub';
import { decodeChatNotice } from './chat-notices';

interface RelayDeps {
  hub: ChatEventsHub;
  /** This instance's own notices are already on its hub. */
  origin: string;
  /** The reply's text now. */
  content(userId: string, messageId: string): Promise<string | undefined>;
  message(userId: string, messageId: string): Promise<ChatMessage | undefined>;
  onError(error: unknown): void;
}

/**
 * Brings other instances' chat events to the streams open on this one. A notice carries ids and
 * offsets; the text is read from the row, which only grows while the reply is written, so the
 * offsets slice exactly what was appended. Notices are handled one at a time, in the order
 * PostgreSQL delivers them (the order of their commits).
 */
export class ChatEventsRelay {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RelayDeps) {}

  receive(payload: string): void {
    const notice = decodeChatNotice(payload);
    const { hub, origin } = this.deps;
    if (!notice || notice.origin === origin || !hub.watches(notice.userId, notice.chatId)) return;
    const { userId, chatId, messageId } = notice;
    this.chain = this.chain
      .then(async () => {
        if (notice.kind === 'message') {
          const message = await this.deps.message(userId, messageId);
          if (message) hub.publish(userId, chatId, { type: 'message', message });
          return;
        }
        const content = await this.deps.content(userId, messageId);
        if (content === undefined || content.length < notice.to) return;
        const text = content.slice(notice.from, notice.to);
        hub.publish(userId, chatId, { type: 'delta', delta: { messageId, text, offset: notice.from } });
      })
      .catch(this.deps.onError);
  }
}

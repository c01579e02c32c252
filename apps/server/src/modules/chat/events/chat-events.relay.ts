import type { ChatMessage } from '@baegen/shared/contract';
import { noticeReceiver } from '../../../lib/notice-receiver';
import type { ChatEventsHub } from './chat-events.hub';
import { type ChatNotice, decodeChatNotice } from './chat-notices';

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
 * offsets slice exactly what was appended.
 */
export class ChatEventsRelay {
  readonly receive: (payload: string) => void;

  constructor(private readonly deps: RelayDeps) {
    this.receive = noticeReceiver({
      origin: deps.origin,
      decode: decodeChatNotice,
      wanted: (notice) => deps.hub.watches(notice.userId, notice.chatId),
      handle: (notice) => this.publish(notice),
      onError: deps.onError,
    });
  }

  private async publish(notice: ChatNotice): Promise<void> {
    const { hub } = this.deps;
    const { userId, chatId, messageId } = notice;
    if (notice.kind === 'message') {
      const message = await this.deps.message(userId, messageId);
      if (message) hub.publish(userId, chatId, { type: 'message', message });
      return;
    }
    const content = await this.deps.content(userId, messageId);
    if (content === undefined || content.length < notice.to) return;
    const text = content.slice(notice.from, notice.to);
    hub.publish(userId, chatId, { type: 'delta', delta: { messageId, text, offset: notice.from } });
  }
}

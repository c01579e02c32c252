import type { ChatDeltaEvent, ChatMessage } from '@baegen/shared/contract';
import type { ChatEventsHub } from './chat-events.hub';
import { CHAT_EVENTS_CHANNEL, encodeChatNotice } from './chat-notices';

interface Announcer {
  announce(channel: string, payload: string): Promise<void>;
}

/**
 * Publishes what happens in a chat to its streams here, and (with `origin`, when instances share
 * the database) announces it to the others. A delta's announcement leaves with the text's own
 * write (ChatRepliesRepository.appendText); a message's is sent once its change is committed.
 */
export class ChatEvents {
  constructor(
    readonly hub: ChatEventsHub,
    private readonly announcer: Announcer,
    private readonly origin: string | null,
  ) {}

  async message(userId: string, message: ChatMessage): Promise<void> {
    this.hub.publish(userId, message.chatId, { type: 'message', message });
    if (!this.origin) return;
    const notice = encodeChatNotice({
      kind: 'message',
      origin: this.origin,
      userId,
      chatId: message.chatId,
      messageId: message.$id,
    });
    await this.announcer.announce(CHAT_EVENTS_CHANNEL, notice);
  }

  /** Text of a reply written here, as it arrives (other instances hear of it from the row). */
  delta(userId: string, chatId: string, delta: ChatDeltaEvent): void {
    this.hub.publish(userId, chatId, { type: 'delta', delta });
  }
}

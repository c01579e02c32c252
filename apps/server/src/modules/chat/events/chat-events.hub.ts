import type { ChatDeltaEvent, ChatMessage } from '@baegen/shared/contract';
import { KeyedListeners } from '../../../lib/keyed-listeners';

export type ChatStreamEvent =
  { type: 'delta'; delta: ChatDeltaEvent } | { type: 'message'; message: ChatMessage };

/** Fans a chat's events out to the streams of that chat open in this process, keyed by owner and chat. */
export class ChatEventsHub {
  private readonly listeners = new KeyedListeners<ChatStreamEvent>();

  private static key(userId: string, chatId: string) {
    return `${userId}\n${chatId}`;
  }

  subscribe(userId: string, chatId: string, listener: (event: ChatStreamEvent) => void): () => void {
    return this.listeners.subscribe(ChatEventsHub.key(userId, chatId), listener);
  }

  /** Whether a stream of this chat is open here. */
  watches(userId: string, chatId: string): boolean {
    return this.listeners.has(ChatEventsHub.key(userId, chatId));
  }

  publish(userId: string, chatId: string, event: ChatStreamEvent): void {
    this.listeners.publish(ChatEventsHub.key(userId, chatId), event);
  }
}

import type { ChatDeltaEvent, ChatMessage } from '@baegen/shared/contract';

export type ChatStreamEvent =
  { type: 'delta'; delta: ChatDeltaEvent } | { type: 'message'; message: ChatMessage };

type Listener = (event: ChatStreamEvent) => void;

/** Fans a chat's events out to the streams of that chat open in this process, keyed by owner and chat. */
export class ChatEventsHub {
  private readonly listeners = new Map<string, Set<Listener>>();

  private static key(userId: string, chatId: string) {
    return `${userId}\n${chatId}`;
  }

  subscribe(userId: string, chatId: string, listener: Listener): () => void {
    const key = ChatEventsHub.key(userId, chatId);
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** Whether a stream of this chat is open here. */
  watches(userId: string, chatId: string): boolean {
    return this.listeners.has(ChatEventsHub.key(userId, chatId));
  }

  publish(userId: string, chatId: string, event: ChatStreamEvent): void {
    for (const listener of this.listeners.get(ChatEventsHub.key(userId, chatId)) ?? []) listener(event);
  }
}

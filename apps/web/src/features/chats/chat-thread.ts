import type { ChatDeltaEvent, ChatMessage, ChatMessageList } from '@baegen/shared';

/** The messages of one chat the page holds: oldest first, and where the older ones continue. */
export interface ChatThread {
  messages: ChatMessage[];
  olderCursor: string | null;
  /** False until the newest page has arrived. */
  loaded: boolean;
}

export type ChatThreadAction =
  | { type: 'latest'; page: ChatMessageList }
  | { type: 'older'; page: ChatMessageList }
  | { type: 'upsert'; message: ChatMessage }
  | { type: 'snapshot'; message: ChatMessage | null }
  | { type: 'delta'; delta: ChatDeltaEvent }
  | { type: 'remove'; messageId: string };

export const EMPTY_THREAD: ChatThread = { messages: [], olderCursor: null, loaded: false };

/** In the chat's own order: a message and its reply are made in the same instant. */
function byPlace(a: ChatMessage, b: ChatMessage) {
  return a.seq - b.seq;
}

/**
 * An older view of a reply being written (the answer to the send, a page read while deltas came
 * in) holds less of its text than the deltas already showed: it never takes the text back.
 */
function isBehind(next: ChatMessage, shown: ChatMessage): boolean {
  return (
    next.status === 'streaming' &&
    shown.status === 'streaming' &&
    next.swipeIndex === shown.swipeIndex &&
    next.content.length < shown.content.length &&
    shown.content.startsWith(next.content)
  );
}

/** `messages` with `incoming` put in place of the same ids, the new ones added in the chat's order. */
function merge(messages: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const fresh = new Map(incoming.map((message) => [message.$id, message]));
  const kept = messages.map((message) => {
    const next = fresh.get(message.$id);
    fresh.delete(message.$id);
    return next && !isBehind(next, message) ? next : message;
  });
  return fresh.size ? [...kept, ...fresh.values()].sort(byPlace) : kept;
}

/**
 * A delta placed at its offset: text already held is never doubled, and a delta beyond the end
 * (one was missed) waits for the message event that follows, which carries the whole text.
 */
function appendDelta(message: ChatMessage, { text, offset }: ChatDeltaEvent): ChatMessage {
  if (offset > message.content.length) return message;
  const content = message.content.slice(0, offset) + text;
  if (content.length < message.content.length) return message;
  const swipes = [...message.swipes];
  swipes[message.swipeIndex] = content;
  return { ...message, content, swipes, status: 'streaming' };
}

export function chatThreadReducer(thread: ChatThread, action: ChatThreadAction): ChatThread {
  switch (action.type) {
    case 'latest':
      return {
        messages: merge(thread.messages, action.page.documents),
        olderCursor: thread.loaded ? thread.olderCursor : action.page.nextCursor,
        loaded: true,
      };
    case 'older':
      return {
        ...thread,
        messages: merge(thread.messages, action.page.documents),
        olderCursor: action.page.nextCursor,
      };
    case 'upsert':
      return { ...thread, messages: merge(thread.messages, [action.message]) };
    case 'snapshot':
      return action.message ? { ...thread, messages: merge(thread.messages, [action.message]) } : thread;
    case 'delta': {
      const { messageId } = action.delta;
      if (!thread.messages.some((message) => message.$id === messageId)) return thread;
      return {
        ...thread,
        messages: thread.messages.map((message) =>
          message.$id === messageId ? appendDelta(message, action.delta) : message,
        ),
      };
    }
    case 'remove':
      return { ...thread, messages: thread.messages.filter((message) => message.$id !== action.messageId) };
  }
}

/** The reply being written, if any: while it streams the composer waits and Stop shows. */
export function streamingReply(thread: ChatThread): ChatMessage | undefined {
  return thread.messages.find((message) => message.status === 'streaming');
}

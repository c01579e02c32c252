import { useEffect, useRef } from 'react';
import { useChatContext } from '../../../api/chats.queries';
import type { ChatThread } from '../chat-thread';

/** What of the thread the next prompt depends on; null while a reply is being written. */
export function threadShape(thread: ChatThread, busy: boolean): string | null {
  if (busy || !thread.loaded) return null;
  return thread.messages.map((m) => `${m.$id}:${m.swipeIndex}:${m.status}:${m.content.length}`).join();
}

/**
 * The chat's context usage, read on load and again whenever the thread settles different from
 * before: a reply ended, a message was edited, deleted or swiped.
 */
export function useLiveChatContext(chatId: string, thread: ChatThread, busy: boolean) {
  const context = useChatContext(chatId);
  const { refetch } = context;
  const shape = threadShape(thread, busy);
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (shape === null) return;
    if (last.current !== null && last.current !== shape) void refetch();
    last.current = shape;
  }, [shape, refetch]);
  return context.data;
}

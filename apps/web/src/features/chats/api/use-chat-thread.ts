import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { CHAT_EVENTS, REALTIME_RECONNECT_DELAYS_MS, chatPaths } from '@baegen/shared';
import { openEventStream } from '../../../lib/event-stream';
import { EMPTY_THREAD, type ChatThreadAction, chatThreadReducer } from '../chat-thread';
import { fetchMessages } from './chat-requests';
import {
  chatDeltaEventSchema,
  chatMessageEventSchema,
  chatSnapshotEventSchema,
  parseOrNull,
} from '../../../api/lazy-schemas';

/** The thread action of one event of `/api/chats/:id/events`, or null when it does not parse. */
export async function eventAction(event: string, data: string): Promise<ChatThreadAction | null> {
  try {
    const body: unknown = JSON.parse(data);
    if (event === CHAT_EVENTS.snapshot) {
      const parsed = await parseOrNull(chatSnapshotEventSchema, body);
      if (parsed) return { type: 'snapshot', message: parsed.message };
    } else if (event === CHAT_EVENTS.delta) {
      const parsed = await parseOrNull(chatDeltaEventSchema, body);
      if (parsed) return { type: 'delta', delta: parsed };
    } else if (event === CHAT_EVENTS.message) {
      const parsed = await parseOrNull(chatMessageEventSchema, body);
      if (parsed) return { type: 'upsert', message: parsed.message };
    }
    console.error('Unexpected chat event', event);
  } catch (error) {
    console.error('Unreadable chat event', error);
  }
  return null;
}

/**
 * The messages of a chat: the newest page, then older pages on demand, kept current by the chat's
 * event stream (reopened after a drop, when the newest page is read again to fill the gap).
 */
export function useChatThread(chatId: string) {
  const [thread, dispatch] = useReducer(chatThreadReducer, EMPTY_THREAD);
  const [error, setError] = useState<Error | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const cursor = useRef<string | null>(null);
  cursor.current = thread.olderCursor;

  const loadLatest = useCallback(
    () =>
      fetchMessages(chatId).then(
        (page) => {
          setError(null);
          dispatch({ type: 'latest', page });
        },
        (failure: unknown) => setError(failure instanceof Error ? failure : new Error(String(failure))),
      ),
    [chatId],
  );

  useEffect(() => {
    void loadLatest();
    if (typeof EventSource === 'undefined') return;
    // Events are applied in the order they came, though the first waits for the schemas to load.
    let read = Promise.resolve();
    return openEventStream({
      url: chatPaths.events(chatId),
      event: Object.values(CHAT_EVENTS),
      delays: REALTIME_RECONNECT_DELAYS_MS,
      onMessage: (data, event) => {
        read = read.then(async () => {
          const action = await eventAction(event, data);
          if (action) dispatch(action);
        });
      },
      onReconnect: () => void loadLatest(),
    });
  }, [chatId, loadLatest]);

  const loadOlder = useCallback(async () => {
    const from = cursor.current;
    if (!from || loadingOlder) return;
    setLoadingOlder(true);
    try {
      dispatch({ type: 'older', page: await fetchMessages(chatId, from) });
    } finally {
      setLoadingOlder(false);
    }
  }, [chatId, loadingOlder]);

  return { thread, dispatch, error, retry: loadLatest, loadOlder, loadingOlder };
}

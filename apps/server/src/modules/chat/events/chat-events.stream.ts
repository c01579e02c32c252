import type { ServerResponse } from 'node:http';
import { CHAT_EVENTS, type ChatMessage } from '@baegen/shared/contract';
import { openEventStream } from '../../../lib/event-stream';
import type { ChatEventsHub, ChatStreamEvent } from './chat-events.hub';

export interface ChatStreamSource {
  hub: ChatEventsHub;
  /** The chat's reply being written, with its text so far; null when none is. */
  snapshot(userId: string, chatId: string): Promise<ChatMessage | null>;
  /** Aborted when the server shuts down: open streams end so the close does not wait on them. */
  shutdown: AbortSignal;
  onError(error: unknown): void;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function write(res: ServerResponse, event: ChatStreamEvent) {
  if (event.type === 'delta') res.write(frame(CHAT_EVENTS.delta, event.delta));
  else res.write(frame(CHAT_EVENTS.message, { message: event.message }));
}

/**
 * What of an event that arrived while the snapshot was read is still news: deltas the snapshot
 * already holds go, one it holds in part is cut to the rest; an older state of the snapshot's
 * reply (less text than the snapshot shows) goes.
 */
function afterSnapshot(event: ChatStreamEvent, snapshot: ChatMessage | null): ChatStreamEvent | null {
  if (!snapshot) return event;
  const known = snapshot.content.length;
  if (event.type === 'message') {
    const older =
      event.message.$id === snapshot.$id &&
      event.message.status === 'streaming' &&
      event.message.content.length < known;
    return older ? null : event;
  }
  const { delta } = event;
  if (delta.messageId !== snapshot.$id) return event;
  const end = delta.offset + delta.text.length;
  if (end <= known) return null;
  if (delta.offset >= known) return event;
  return { type: 'delta', delta: { ...delta, text: delta.text.slice(known - delta.offset), offset: known } };
}

/**
 * Streams one chat's events on `res` until it closes: `snapshot` first, then live `delta` and
 * `message` events. Events that arrive while the snapshot is read are held and sent after it,
 * trimmed of what it already holds.
 */
export async function streamChatEvents(
  res: ServerResponse,
  userId: string,
  chatId: string,
  source: ChatStreamSource,
): Promise<void> {
  const { closed, end } = openEventStream(res, source.shutdown);
  let held: ChatStreamEvent[] | null = [];
  const unsubscribe = source.hub.subscribe(userId, chatId, (event) => {
    if (held) held.push(event);
    else write(res, event);
  });
  void closed.then(unsubscribe);

  let snapshot: ChatMessage | null = null;
  try {
    snapshot = await source.snapshot(userId, chatId);
    res.write(frame(CHAT_EVENTS.snapshot, { message: snapshot }));
  } catch (error) {
    // A stream without its snapshot would mislead: it ends, and the client connects again.
    source.onError(error);
    held = null;
    end();
  } finally {
    for (const event of held ?? []) {
      const news = afterSnapshot(event, snapshot);
      if (news) write(res, news);
    }
    held = null;
  }
  await closed;
}

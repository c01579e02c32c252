import type { ServerResponse } from 'node:http';
import { GENERATION_EVENT, type Generation } from '@baegen/shared/contract';
import { isDatabaseUnavailable } from '../../../errors/database-errors';
import { openEventStream } from '../../../lib/event-stream';
import type { GenerationEventsHub } from './generation-events.hub';
import type { StoredEvent } from '../generation.repository';

export interface StreamSource {
  hub: GenerationEventsHub;
  /** The replay log after a seq, oldest first. */
  eventsAfter(userId: string, seq: number): Promise<StoredEvent[]>;
  /** Aborted when the server shuts down: open streams end so the close does not wait on them. */
  shutdown: AbortSignal;
}

const frame = (seq: number, data: string) => `event: ${GENERATION_EVENT}\nid: ${seq}\ndata: ${data}\n\n`;

/** A Last-Event-ID header as a seq; anything else means "no replay". */
export function lastEventId(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/**
 * Streams the user's job events on `res` until it closes: the replay after `after` first, then live
 * events. Live events that arrive during the replay are held and sent after it, each seq once.
 * The stream ends when the replay log cannot be read or events may have been missed (a gap in the
 * hub): the client reconnects and catches up from the log.
 */
export async function streamGenerationEvents(
  res: ServerResponse,
  userId: string,
  after: number | null,
  source: StreamSource,
): Promise<void> {
  const { closed, end } = openEventStream(res, source.shutdown);
  let sent = after ?? 0;
  let held: { seq: number; job: Generation }[] | null = after === null ? null : [];
  const send = (seq: number, data: string) => {
    // An ended stream is gone for good: its client catches up by Last-Event-ID.
    if (seq <= sent || res.writableEnded) return;
    sent = seq;
    res.write(frame(seq, data));
  };
  const unsubscribe = source.hub.subscribe(userId, (event) => {
    if (held) held.push(event);
    else send(event.seq, JSON.stringify(event.job));
  });
  const offGap = source.hub.onGap(end);
  void closed.then(() => {
    unsubscribe();
    offGap();
  });

  if (after !== null) {
    try {
      for (
        let batch = await source.eventsAfter(userId, sent);
        batch.length > 0;
        batch = await source.eventsAfter(userId, sent)
      ) {
        for (const event of batch) send(event.seq, event.data);
        if (res.destroyed) break;
      }
    } catch (error) {
      end();
      if (!isDatabaseUnavailable(error)) throw error;
    } finally {
      for (const event of held ?? []) send(event.seq, JSON.stringify(event.job));
      held = null;
    }
  }
  await closed;
}

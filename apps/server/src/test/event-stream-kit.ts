import { type Generation, generationSchema } from '@baegen/shared/contract';

interface StreamEvent {
  event: string;
  id: number;
  job: Generation;
}

/**
 * Reads an event stream at `url` over real HTTP, handing each frame's fields to `onFrame` and
 * keeping comment frames apart. `until` waits for a condition (`timeoutMs` unless told), showing `kept()` when it times out.
 */
export async function readEventStream(
  url: string,
  headers: Record<string, string>,
  onFrame: (fields: Record<string, string>) => void,
  kept: () => unknown,
  timeoutMs: number,
) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const comments: string[] = [];
  let buffer = '';
  const reading = (async () => {
    if (!response.ok) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.startsWith(':')) {
            comments.push(frame.slice(1).trim());
            continue;
          }
          onFrame(
            Object.fromEntries(
              frame
                .split('\n')
                .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
            ),
          );
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  const until = async (done: () => boolean, waitMs = timeoutMs) => {
    const deadline = Date.now() + waitMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`stream condition not met; got ${JSON.stringify(kept())}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    response,
    comments,
    until,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** Reads `GET /api/generations/events` over real HTTP, frame by frame. */
export async function openStream(
  base: string,
  who: { headers: Record<string, string> },
  lastEventId?: number,
) {
  const events: StreamEvent[] = [];
  const stream = await readEventStream(
    `${base}/api/generations/events`,
    { ...who.headers, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    (fields) =>
      events.push({
        event: fields.event!,
        id: Number(fields.id),
        job: generationSchema.parse(JSON.parse(fields.data!)),
      }),
    () => events,
    5000,
  );
  return { ...stream, events };
}

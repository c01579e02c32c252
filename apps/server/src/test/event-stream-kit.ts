import { type Generation, generationSchema } from '@baegen/shared/contract';

interface StreamEvent {
  event: string;
  id: number;
  job: Generation;
}

/** Reads `GET /api/generations/events` over real HTTP, frame by frame. */
export async function openStream(
  base: string,
  who: { headers: Record<string, string> },
  lastEventId?: number,
) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/generations/events`, {
    headers: {
      ...who.headers,
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  let buffer = '';
  const reading = (async () => {
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
          const fields = Object.fromEntries(
            frame
              .split('\n')
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          events.push({
            event: fields.event!,
            id: Number(fields.id),
            job: generationSchema.parse(JSON.parse(fields.data!)),
          });
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  const until = async (done: () => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`stream condition not met; got ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    response,
    events,
    comments,
    until,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

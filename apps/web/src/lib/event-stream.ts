export interface EventStreamOptions {
  url: string;
  /** The named event(s) to listen to (`event: <name>` in the stream). */
  event: string | readonly string[];
  /** Waits before each new attempt after an error; the last one repeats. */
  delays: readonly number[];
  onMessage: (data: string, event: string) => void;
  /** Open again after an error: whatever happened in between was not heard, so look it up. */
  onReconnect: () => void;
  /** The EventSource constructor; tests pass a fake. */
  createSource?: (url: string) => EventSource;
}

/**
 * One server-sent event stream that reopens itself after an error, waiting longer each time.
 * EventSource would retry on its own, but not after the server refused the stream (readyState
 * CLOSED) and never with a growing pause, so every error closes it and a new one follows.
 * Returns the function that closes it for good.
 */
export function openEventStream({
  url,
  event,
  delays,
  onMessage,
  onReconnect,
  createSource = (target) => new EventSource(target),
}: EventStreamOptions): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;

  const connect = () => {
    const current = createSource(url);
    source = current;
    for (const name of typeof event === 'string' ? [event] : event) {
      current.addEventListener(name, (message) => onMessage((message as MessageEvent<string>).data, name));
    }
    current.addEventListener('open', () => {
      if (failures === 0) return;
      failures = 0;
      onReconnect();
    });
    current.addEventListener('error', () => {
      current.close();
      if (closed || source !== current) return;
      source = null;
      const delay = delays[Math.min(failures, delays.length - 1)] ?? 0;
      failures += 1;
      timer = setTimeout(connect, delay);
    });
  };

  connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}

/** One server-sent event: its `event:` name (`message` when it has none) and its `data:` lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental reader of `text/event-stream` (the WHATWG rules): bytes may arrive split
 * anywhere, inside a line, inside a `\r\n` or inside a UTF-8 character; lines end in `\n`, `\r\n`
 * or `\r`; lines starting with `:` are comments (OpenRouter's `: OPENROUTER PROCESSING`, keep-alives).
 */
export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  private event = '';
  private data: string[] = [];

  /** The events completed by these bytes. */
  push(bytes: Uint8Array): SseEvent[] {
    this.buffer += this.decoder.decode(bytes, { stream: true });
    return this.drain(false);
  }

  /**
   * The rest at the end of the stream. A last event without its closing blank line is still
   * given, as servers that end without `[DONE]` often stop right after their final `data:` line.
   */
  end(): SseEvent[] {
    this.buffer += this.decoder.decode();
    const events = this.drain(true);
    if (this.buffer) events.push(...this.line(this.buffer));
    this.buffer = '';
    if (this.data.length > 0) events.push(this.dispatch()!);
    return events;
  }

  private drain(atEnd: boolean): SseEvent[] {
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i += 1) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      // A `\r` last in the buffer may be the first half of a `\r\n` still on its way.
      if (char === '\r' && i === this.buffer.length - 1 && !atEnd) break;
      events.push(...this.line(this.buffer.slice(start, i)));
      if (char === '\r' && this.buffer[i + 1] === '\n') i += 1;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): SseEvent[] {
    if (line === '') {
      const event = this.dispatch();
      return event ? [event] : [];
    }
    if (line.startsWith(':')) return [];
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    return [];
  }

  private dispatch(): SseEvent | null {
    const event =
      this.data.length > 0 ? { event: this.event || 'message', data: this.data.join('\n') } : null;
    this.event = '';
    this.data = [];
    return event;
  }
}

/** The events of a response body, as they arrive. */
export async function* sseEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const parser = new SseParser();
  for await (const bytes of body) yield* parser.push(bytes);
  yield* parser.end();
}

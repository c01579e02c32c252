import pg from 'pg';

export interface ChannelListener {
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

/**
 * LISTENs on every channel of `handlers` over one connection of its own (a pooled one cannot hold
 * a LISTEN), and connects again, subscribing to each again, after a drop. Notifications sent while it is down are lost: the streams that
 * depend on it catch up from their replay log when their client reconnects.
 */
export function listenToChannels(
  connectionString: string,
  handlers: ReadonlyMap<string, (payload: string) => void>,
  onError: (error: unknown) => void,
): Promise<ChannelListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      const handle = handlers.get(message.channel);
      if (handle && message.payload !== undefined) handle(message.payload);
    });
    const reconnect = (error?: unknown) => {
      if (error) onError(error);
      if (client !== next || closed) return;
      client = null;
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(reconnectLater), RECONNECT_MS);
      retry.unref();
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect());
    client = next;
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  };
  const reconnectLater = (error: unknown) => {
    onError(error);
    if (closed) return;
    client = null;
    retry = setTimeout(() => void connect().catch(reconnectLater), RECONNECT_MS);
    retry.unref();
  };

  return connect().then(() => ({
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  }));
}

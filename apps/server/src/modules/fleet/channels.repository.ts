import pg from 'pg';

export interface ChannelListener {
  close(): Promise<void>;
}

export interface ChannelEvents {
  /** The connection failed or could not be made; it is tried again after a pause. */
  onError(error: unknown): void;
  /**
   * Subscribed again after a drop: whatever was announced meanwhile was not heard, so those who
   * depend on it catch up.
   */
  onResubscribed(): void;
}

export interface ChannelOptions {
  connectionString: string;
  connectTimeoutMs: number;
  /** The first pause after a failure; each next one doubles, up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often an idle connection is asked to answer, so a silently dead one is found. */
  heartbeatMs?: number;
}

/**
 * LISTENs on every channel of `handlers` over one connection of its own (a pooled one cannot hold
 * a LISTEN). After a drop, a refused connection or a heartbeat with no answer, it connects again
 * (with a growing pause) and subscribes to each channel again. Notifications sent while it is
 * down are lost; `events.onResubscribed` lets their consumers catch up.
 */
export async function listenToChannels(
  options: ChannelOptions,
  handlers: ReadonlyMap<string, (payload: string) => void>,
  events: ChannelEvents,
): Promise<ChannelListener> {
  const { retryMs = 250, maxRetryMs = 5000, heartbeatMs = 15_000 } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let failures = 0;
  // The first connection is made at start-up, whose failure is the caller's; only later drops are retried.
  let subscribedOnce = false;

  const drop = (gone: pg.Client, error: unknown) => {
    if (client !== gone) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    void gone.end().catch(() => undefined);
    if (closed || !subscribedOnce) return;
    events.onError(error);
    const pause = Math.min(maxRetryMs, retryMs * 2 ** failures) * (0.75 + Math.random() / 4);
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      void connect().then(events.onResubscribed, () => undefined);
    }, pause);
    retry.unref();
  };

  /** Resolves once subscribed to every channel; rejects (and schedules the next try) otherwise. */
  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: true,
    });
    client = next;
    next.on('notification', (message) => {
      const handle = handlers.get(message.channel);
      if (handle && message.payload !== undefined) handle(message.payload);
    });
    next.on('error', (error) => drop(next, error));
    next.on('end', () => drop(next, new Error('The announcement connection ended')));
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(next, error);
      throw error;
    }
    if (client !== next) throw new Error('The announcement connection dropped while subscribing');
    failures = 0;
    subscribedOnce = true;
    heartbeat = setInterval(() => void ping(next), heartbeatMs);
    heartbeat.unref();
  };

  const ping = async (current: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('The announcement connection stopped answering')),
        options.connectTimeoutMs,
      );
    });
    try {
      await Promise.race([current.query('select 1'), silent]);
    } catch (error) {
      drop(current, error);
    } finally {
      clearTimeout(timer);
    }
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

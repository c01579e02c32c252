import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app';
import { loadEnv } from '../config/env';
import { createDb, migrateToLatest } from '../db/client';
import { createTestDatabase } from './test-app';

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL), standing in for the network
 * between an instance and its database. `cut()` drops every open connection and refuses new ones
 * (nothing listens on the port); `stall()` keeps connections open but carries nothing, as a dead
 * network path does; `restore()` ends either.
 */
export interface CutProxy {
  port: number;
  /** `url` with its host and port pointed at the proxy. */
  through(url: string): string;
  cut(): Promise<void>;
  stall(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startCutProxy(target: { host: string; port: number }): Promise<CutProxy> {
  const sockets = new Set<net.Socket>();
  let state: 'open' | 'cut' | 'stalled' = 'open';
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A peer torn away answers ECONNRESET; the other side is destroyed with it.
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    track(client);
    // Accepted and never answered, like the SYN-ACK of a path that carries nothing more.
    if (state === 'stalled') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  // resetAndDestroy sends an RST, as a killed backend or a firewall dropping the flow would.
  const dropAll = () => sockets.forEach((socket) => socket.resetAndDestroy());

  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    through: (url) => {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.href;
    },
    cut: async () => {
      if (state === 'cut') return;
      state = 'cut';
      const closed = stopListening();
      dropAll();
      await closed;
    },
    stall: () => {
      if (state !== 'open') throw new Error('stall an open proxy');
      state = 'stalled';
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    restore: async () => {
      if (state === 'stalled') dropAll();
      if (state === 'cut') await listen(port);
      state = 'open';
    },
    close: async () => {
      const closed = state === 'cut' ? Promise.resolve() : stopListening();
      state = 'cut';
      dropAll();
      await closed;
    },
  };
}

/** A scratch PostgreSQL database (as createTestDatabase makes one) with a cut proxy in front of it. */
export interface ProxiedDatabase {
  /** The database's own address; `proxy.through(url)` is the one through the proxy. */
  url: string;
  proxy: CutProxy;
  drop(): Promise<void>;
}

export async function databaseBehindCutProxy(dataDir: string): Promise<ProxiedDatabase> {
  const created = await createTestDatabase(dataDir);
  await created.database.close();
  const url = created.env.DATABASE_URL!;
  const { hostname, port } = new URL(url);
  const proxy = await startCutProxy({ host: hostname, port: Number(port) });
  return { url, proxy, drop: created.drop };
}

export interface ProxiedApp {
  app: FastifyInstance;
  proxy: CutProxy;
  /** Restores the proxy, then closes the app, its database and the proxy, and drops the database. */
  close(): Promise<void>;
}

/**
 * The real app on a fresh PostgreSQL database that every one of its connections (queries, job
 * queue, announcements) reaches through a cut proxy, giving up on a connection after 500 ms.
 */
export async function appBehindCutProxy(
  dataDir: string,
  deps: Pick<AppDeps, 'webDistDir'> = {},
): Promise<ProxiedApp> {
  const behind = await databaseBehindCutProxy(dataDir);
  const { proxy } = behind;
  const through = proxy.through(behind.url);
  const database = createDb({ databaseUrl: through, sqlitePath: '', connectTimeoutMs: 500 });
  await migrateToLatest(database.db);
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: through,
    DATABASE_CONNECT_TIMEOUT_MS: '500',
  });
  const app = await buildApp({ env, database, ...deps });
  await app.ready();
  return {
    app,
    proxy,
    close: async () => {
      await proxy.restore();
      await app.close();
      await database.close();
      await proxy.close();
      await behind.drop();
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bs58 from 'bs58';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import nacl from 'tweetnacl';
import { type AppDeps, buildApp } from '../app';
import { loadEnv, type Env } from '../config/env';
import { type DbHandle, createDb, migrateToLatest } from '../db/client';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/ids';

/** The database the API suite runs on: PostgreSQL in the postgres project, else a SQLite file. */
export const TEST_DIALECT: 'sqlite' | 'postgres' =
  process.env.TEST_DB_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

/** A clock that stands still until a test moves it. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(instant: Date | string): void;
}

const TEST_EPOCH = '2026-01-01T00:00:00.000Z';

export function createTestClock(start: Date | string = TEST_EPOCH): TestClock {
  let current = new Date(start).getTime();
  return Object.assign(() => new Date(current), {
    advance: (ms: number) => {
      current += ms;
    },
    set: (instant: Date | string) => {
      current = new Date(instant).getTime();
    },
  });
}

export interface TestContext {
  app: FastifyInstance;
  env: Env;
  database: DbHandle;
  dataDir: string;
  /** The app's clock, pinned at TEST_EPOCH; unused by the app when `deps.clock` replaced it. */
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database (dropped on close) or a SQLite file in a fresh temporary folder.
 * A database rather than a schema: graphile-worker's NOTIFY channels are database-wide, and one
 * suite's worker migrating must not stop another suite's. `env` points the app at it.
 */
export async function createTestDatabase(
  dataDir: string,
): Promise<{ database: DbHandle; env: Record<string, string>; drop(): Promise<void> }> {
  if (TEST_DIALECT === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB_DIALECT=postgres needs TEST_DATABASE_URL');
    const name = `test_${newId(12).toLowerCase()}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = createDb({ databaseUrl: url.href, sqlitePath: '' });
    return {
      database,
      env: { DATABASE_URL: url.href },
      drop: async () => {
        // Connections a pool has just ended may still be closing: wait for them rather than
        // force them, which would raise errors in clients that are shutting down.
        for (let attempt = 0; ; attempt += 1) {
          try {
            return await admin(`drop database if exists ${name}`);
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      },
    };
  }
  const database = createDb({ sqlitePath: path.join(dataDir, 'baegen.db') });
  return { database, env: {}, drop: async () => {} };
}

/**
 * Builds the real app on a real database, migrated, with a temporary DATA_DIR and a pinned test
 * clock. `deps` injects providers, another clock or a storage driver.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  deps: Partial<Omit<AppDeps, 'env' | 'database'>> = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-test-'));
  const { database, env: databaseEnv, drop } = await createTestDatabase(dataDir);
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...databaseEnv,
    ...overrides,
  });
  await migrateToLatest(database.db);
  const clock = createTestClock();
  const app = await buildApp({ clock, ...deps, env, database });
  await app.ready();
  return {
    app,
    env,
    database,
    dataDir,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestWallet {
  address: string;
  secretKey: Uint8Array;
  sign(message: string): string;
}

/** An ed25519 key pair standing in for a Solana wallet; `seedByte` makes it deterministic. */
export function createTestWallet(seedByte?: number): TestWallet {
  const keyPair =
    seedByte === undefined
      ? nacl.sign.keyPair()
      : nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(seedByte));
  return {
    address: bs58.encode(keyPair.publicKey),
    secretKey: keyPair.secretKey,
    sign: (message) => bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), keyPair.secretKey)),
  };
}

/** Signs in through the real nonce + login endpoints; returns the Cookie header to send. */
export async function signIn(app: FastifyInstance, wallet: TestWallet = createTestWallet()) {
  const nonce = await app.inject({
    method: 'POST',
    url: '/api/auth/nonce',
    payload: { address: wallet.address },
  });
  if (nonce.statusCode !== 200) throw new Error(`nonce failed: ${nonce.body}`);
  const { message } = nonce.json<{ message: string }>();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { address: wallet.address, message, signature: wallet.sign(message) },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = login.cookies.find((c) => c.name === 'baegen_session');
  if (!cookie) throw new Error('no session cookie');
  return {
    wallet,
    userId: wallet.address,
    cookie: `${cookie.name}=${cookie.value}`,
    headers: { cookie: `${cookie.name}=${cookie.value}` },
  };
}

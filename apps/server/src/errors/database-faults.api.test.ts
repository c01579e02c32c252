import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { type DbHandle, createDb, migrateToLatest } from '../db/client';
import { type CutProxy, type ProxiedApp, appBehindCutProxy } from '../test/cut-proxy';
import { type TestWallet, TEST_DIALECT, createTestWallet, signIn } from '../test/test-app';

const character = (name: string, size = 10) => ({
  name,
  appearance: 'a'.repeat(size),
  description: 'd'.repeat(size),
  personality: 'p'.repeat(size),
});

/** The real app on `database`, with a temporary DATA_DIR and the system clock. */
async function appOn(database: DbHandle, dataDir: string) {
  await migrateToLatest(database.db);
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  const app = await buildApp({ env, database });
  await app.ready();
  return app;
}

if (TEST_DIALECT === 'sqlite') {
  describe('a SQLite database that is locked or full', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-db-faults-'));
    const file = path.join(dataDir, 'baegen.db');
    let database: DbHandle;
    let app: FastifyInstance;
    let headers: Record<string, string>;

    beforeAll(async () => {
      // A short busy timeout, so a locked write gives up within the test.
      database = createDb({ sqlitePath: file, busyTimeoutMs: 100 });
      app = await appOn(database, dataDir);
      ({ headers } = await signIn(app));
    });

    afterAll(async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const create = (name: string, size?: number) =>
      app.inject({ method: 'POST', url: '/api/characters', headers, payload: character(name, size) });

    it('answers a write 503 DATABASE_UNAVAILABLE with Retry-After while another connection holds the write lock', async () => {
      const other = new SQLite(file);
      other.exec('begin immediate');
      try {
        const refused = await create('Locked');
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.json()).toEqual({
          error: { code: 'DATABASE_UNAVAILABLE', message: expect.stringMatching(/busy/) },
        });
        // Readers are never blocked by a writer in WAL mode.
        expect((await app.inject({ method: 'GET', url: '/api/characters', headers })).statusCode).toBe(200);
      } finally {
        other.exec('rollback');
        other.close();
      }
      expect((await create('Unlocked')).statusCode).toBe(201);
    });

    it('answers a write 507 DATABASE_STORAGE_UNAVAILABLE while the database cannot grow, and 201 once it can', async () => {
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(database.db);
      await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(database.db);
      try {
        const refused = await create('Full', 4000);
        expect(refused.statusCode).toBe(507);
        expect(refused.json()).toEqual({
          error: { code: 'DATABASE_STORAGE_UNAVAILABLE', message: expect.stringMatching(/cannot save/) },
        });
      } finally {
        await sql.raw('pragma max_page_count = 1073741823').execute(database.db);
      }
      expect((await create('Roomy', 4000)).statusCode).toBe(201);
    });
  });
}

if (TEST_DIALECT === 'postgres') {
  describe('a PostgreSQL database that goes away and comes back', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-db-faults-'));
    let proxied: ProxiedApp;
    let proxy: CutProxy;
    let app: FastifyInstance;
    let wallet: TestWallet;
    let headers: Record<string, string>;

    beforeAll(async () => {
      proxied = await appBehindCutProxy(dataDir);
      ({ app, proxy } = proxied);
      wallet = createTestWallet();
      ({ headers } = await signIn(app, wallet));
    });

    afterAll(async () => {
      await proxied.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers 503 DATABASE_UNAVAILABLE with Retry-After while it is away, and serves every write it acknowledged once back', async () => {
      const created = await app.inject({
        method: 'POST',
        url: '/api/characters',
        headers,
        payload: character('Kept'),
      });
      expect(created.statusCode).toBe(201);
      // Idle pooled connections are torn down with the rest: their errors must not end the process.
      await proxy.cut();

      const calls = [
        { method: 'GET' as const, url: '/api/characters', headers },
        { method: 'GET' as const, url: '/api/auth/session', headers },
        { method: 'POST' as const, url: '/api/characters', headers, payload: character('Lost') },
        {
          method: 'POST' as const,
          url: '/api/generations',
          headers,
          payload: { kind: 'image', prompt: 'a kite' },
        },
        { method: 'POST' as const, url: '/api/auth/nonce', payload: { address: wallet.address } },
      ];
      for (const call of calls) {
        const refused = await app.inject(call);
        expect({ url: call.url, status: refused.statusCode }).toEqual({ url: call.url, status: 503 });
        expect(refused.headers['retry-after']).toBe('5');
        expect(refused.json()).toEqual({
          error: { code: 'DATABASE_UNAVAILABLE', message: expect.stringMatching(/unavailable/) },
        });
      }
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' });

      await proxy.restore();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const listed = await app.inject({ method: 'GET', url: '/api/characters', headers });
      expect(listed.statusCode).toBe(200);
      expect(listed.json<{ documents: { name: string }[] }>().documents.map((doc) => doc.name)).toEqual([
        'Kept',
      ]);
    });
  });
}

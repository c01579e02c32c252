import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/client';
import { type CutProxy, databaseBehindCutProxy } from '../../test/cut-proxy';
import { TEST_DIALECT, createTestDatabase } from '../../test/test-app';
import { createJobQueue } from './create-job-queue';
import { GraphileJobQueue } from './graphile-job-queue';
import { FAST, type TestQueueOptions, jobQueueContract, waitFor } from './job-queue.contract';
import type { JobLogger } from './job-queue.port';
import { SqlJobQueue } from './sql-job-queue';

const silent: JobLogger = { debug() {}, info() {}, warn() {}, error() {} };

describe(`createJobQueue (${TEST_DIALECT})`, () => {
  it('picks the SQL queue on SQLite and graphile-worker on PostgreSQL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-jobs-'));
    const { database, env, drop } = await createTestDatabase(dataDir);
    await migrateToLatest(database.db);
    const queue = createJobQueue({
      database,
      env: { GENERATION_CONCURRENCY: 2, ...env },
      clock: () => new Date(),
      logger: silent,
    });
    expect(queue).toBeInstanceOf(TEST_DIALECT === 'postgres' ? GraphileJobQueue : SqlJobQueue);
    await queue.stop();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

if (TEST_DIALECT === 'postgres') {
  describe('GraphileJobQueue (postgres)', () => {
    jobQueueContract(async () => {
      // A database of its own for each test: graphile-worker's NOTIFY channels are database-wide.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-jobs-'));
      const { database, env, drop } = await createTestDatabase(dataDir);
      await database.close();
      return {
        create: (options: TestQueueOptions = {}) =>
          new GraphileJobQueue({
            clock: () => new Date(),
            logger: silent,
            options: { ...FAST, ...options, connectionString: env.DATABASE_URL!, schema: 'graphile_worker' },
          }),
        cleanup: async () => {
          await drop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    });
  });
}

if (TEST_DIALECT === 'postgres') {
  describe('GraphileJobQueue with its database going away', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-jobs-cut-'));
    let proxy: CutProxy;
    let queue: GraphileJobQueue;
    let drop: () => Promise<void>;
    const logs: { level: string; message: string }[] = [];
    const logger: JobLogger = {
      debug: () => undefined,
      info: (_details, message) => void logs.push({ level: 'info', message }),
      warn: (_details, message) => void logs.push({ level: 'warn', message }),
      error: (_details, message) => void logs.push({ level: 'error', message }),
    };

    beforeEach(async () => {
      const behind = await databaseBehindCutProxy(dataDir);
      ({ proxy, drop } = behind);
      queue = new GraphileJobQueue({
        clock: () => new Date(),
        logger,
        options: {
          ...FAST,
          concurrency: 2,
          connectTimeoutMs: 500,
          connectionString: proxy.through(behind.url),
          schema: 'graphile_worker',
        },
      });
    });

    afterEach(async () => {
      await proxy.restore();
      await queue.stop({ graceMs: 0 });
      await proxy.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses an enqueue while the database is away with a DatabaseFaultError, and runs jobs once it is back', async () => {
      const ran: unknown[] = [];
      queue.register('noted', async ({ payload }) => void ran.push(payload.n));
      await queue.start();
      // Straight after the start: the workers' first look at the job table may fail too.
      await proxy.cut();
      await expect(queue.enqueue('noted', { n: 1 })).rejects.toMatchObject({
        name: 'DatabaseFaultError',
        fault: 'unreachable',
      });
      await sleep(500);
      await proxy.restore();
      await queue.enqueue('noted', { n: 2 });
      await waitFor(() => ran.length === 1, 15_000);
      expect(ran).toEqual([2]);
    });

    it('replaces a worker that lost the database while it recorded a job, runs that job again, and keeps every worker', async () => {
      const runs: number[] = [];
      let cutDone: Promise<void> | null = null;
      queue.register('spanning', async ({ payload }) => {
        runs.push(payload.n as number);
        // The first run ends while the database is away: its outcome cannot be recorded.
        if (runs.length === 1) await (cutDone ??= proxy.cut());
      });
      let blocked = 0;
      let unblock = () => {};
      const gate = new Promise<void>((resolve) => (unblock = resolve));
      queue.register('parallel', async ({ signal }) => {
        blocked += 1;
        await Promise.race([gate, new Promise((resolve) => signal.addEventListener('abort', resolve))]);
      });
      await queue.start();
      await queue.enqueue('spanning', { n: 1 });
      await waitFor(() => cutDone !== null);
      await cutDone;
      await waitFor(() => logs.some((line) => /could not record a job outcome/.test(line.message)));
      // A while with nothing accepted: the replacement keeps trying.
      await sleep(1_500);
      expect(runs).toEqual([1]);
      await proxy.restore();

      await waitFor(() => runs.length === 2, 20_000);
      expect(runs).toEqual([1, 1]);
      expect(logs.some((line) => /Jobs of lost job queue workers unlocked/.test(line.message))).toBe(true);
      // Both workers are alive: two jobs run at once.
      await queue.enqueue('parallel', { n: 1 });
      await queue.enqueue('parallel', { n: 2 });
      await waitFor(() => blocked === 2, 10_000);
      unblock();
    });
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/client';
import { TEST_DIALECT, createTestDatabase } from '../../test/test-app';
import { createJobQueue } from './create-job-queue';
import { GraphileJobQueue } from './graphile-job-queue';
import { FAST, type TestQueueOptions, jobQueueContract } from './job-queue.contract';
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

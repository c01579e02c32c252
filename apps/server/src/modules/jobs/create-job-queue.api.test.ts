import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/client';
import { newId } from '../../lib/ids';
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
    const { database, drop } = await createTestDatabase(dataDir);
    await migrateToLatest(database.db);
    const queue = createJobQueue({
      database,
      env: { DATABASE_URL: process.env.TEST_DATABASE_URL, GENERATION_CONCURRENCY: 2 },
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
      const url = process.env.TEST_DATABASE_URL!;
      // graphile-worker installs itself in a schema of its own, fresh for each test.
      const workerSchema = `test_${newId(12).toLowerCase()}_worker`;
      return {
        create: (options: TestQueueOptions = {}) =>
          new GraphileJobQueue({
            clock: () => new Date(),
            logger: silent,
            options: { ...FAST, ...options, connectionString: url, schema: workerSchema },
          }),
        cleanup: async () => {
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          await admin.query(`drop schema if exists ${workerSchema} cascade`);
          await admin.end();
        },
      };
    });
  });
}

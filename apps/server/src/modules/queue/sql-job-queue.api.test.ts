import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/client';
import { TEST_DIALECT, createTestDatabase } from '../../test/test-app';
import {
  FAST,
  type JobQueueFixture,
  type TestQueueOptions,
  jobQueueContract,
  useQueues,
  waitFor,
} from './job-queue.contract';
import type { JobLogger } from './job-queue.port';
import { QueueRepository } from './queue.repository';
import { SqlJobQueue } from './sql-job-queue';

const silent: JobLogger = { debug() {}, info() {}, warn() {}, error() {} };

type SqlQueueOptions = TestQueueOptions & { leaseMs?: number };

const sqlQueue = (repository: QueueRepository, options: SqlQueueOptions) =>
  new SqlJobQueue({ repository, clock: () => new Date(), logger: silent, options: { ...FAST, ...options } });

async function sqlFixture(): Promise<JobQueueFixture & { repository: QueueRepository }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-jobs-'));
  const { database, drop } = await createTestDatabase(dataDir);
  await migrateToLatest(database.db);
  const repository = new QueueRepository(database.db);
  return {
    repository,
    create: (options: TestQueueOptions = {}) => sqlQueue(repository, { leaseMs: 5000, ...options }),
    cleanup: async () => {
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`SqlJobQueue (${TEST_DIALECT})`, () => {
  jobQueueContract(sqlFixture);

  describe('leases', () => {
    const { fixture, queue } = useQueues(sqlFixture, ({ repository }, options: SqlQueueOptions) =>
      sqlQueue(repository, options),
    );

    it('runs again a job whose worker died, once its lease has expired', async () => {
      const producer = queue({});
      await producer.enqueue('orphan', { n: 1 });
      const now = Date.now();
      const claimed = await fixture().repository.claim(
        ['orphan'],
        'killed-process',
        new Date(now).toISOString(),
        new Date(now + 300).toISOString(),
      );
      expect(claimed?.attempts).toBe(1);

      const attempts: number[] = [];
      const survivor = queue({});
      survivor.register('orphan', async ({ attempt }) => {
        attempts.push(attempt);
      });
      await survivor.start();
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(attempts).toEqual([]);
      await waitFor(() => attempts.length === 1);
      expect(attempts).toEqual([2]);
      expect(Date.now()).toBeGreaterThanOrEqual(now + 300);
    });

    it('renews the lease of a running job so no other instance takes it', async () => {
      const runs: string[] = [];
      let finished = 0;
      const handler = (who: string) => async () => {
        runs.push(who);
        await new Promise((resolve) => setTimeout(resolve, 700));
        finished += 1;
      };
      const first = queue({ leaseMs: 150 });
      first.register('long', handler('first'));
      await first.start();
      await first.enqueue('long', {});
      await waitFor(() => runs.length === 1);
      const second = queue({ leaseMs: 150 });
      second.register('long', handler('second'));
      await second.start();
      await waitFor(() => finished === 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(runs).toEqual(['first']);
    });
  });
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import { DatabaseFaultError } from '../../errors/database-errors';
import { type JobContext, type JobQueue, type JobQueueOptions, RetryableJobError } from './job-queue.port';

export type TestQueueOptions = Partial<JobQueueOptions>;

export interface JobQueueFixture {
  /** A new queue instance over the fixture's shared store, as another process would see it. */
  create(options?: TestQueueOptions): JobQueue;
  cleanup(): Promise<void>;
}

/** Short poll and backoff so retries and jobs from other instances show up within a test. */
export const FAST: JobQueueOptions = {
  concurrency: 2,
  pollIntervalMs: 100,
  retryBaseMs: 50,
  retryMaxMs: 1000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await sleep(10);
  }
}

/**
 * A fresh fixture for each test, and a factory of queues over it whose queues are all stopped
 * (without grace) before the fixture is cleaned up.
 */
export function useQueues<
  Fixture extends { cleanup(): Promise<void> },
  Args extends unknown[],
  Queue extends JobQueue,
>(make: () => Promise<Fixture>, create: (fixture: Fixture, ...args: Args) => Queue) {
  let fixture: Fixture;
  let queues: Queue[];
  beforeEach(async () => {
    fixture = await make();
    queues = [];
  });
  afterEach(async () => {
    await Promise.all(queues.map((created) => created.stop({ graceMs: 0 })));
    await fixture.cleanup();
  });
  return {
    fixture: () => fixture,
    queue: (...args: Args) => {
      const created = create(fixture, ...args);
      queues.push(created);
      return created;
    },
  };
}

/**
 * The behaviour every JobQueue must have. A queue's test file calls this inside a describe block
 * with a factory for a fresh, empty store; each test's queues are stopped before cleanup.
 */
export function jobQueueContract(make: () => Promise<JobQueueFixture>) {
  const { queue } = useQueues(make, (fixture, options: TestQueueOptions = {}) =>
    fixture.create({ ...FAST, ...options }),
  );

  it('runs a handler once with the payload', async () => {
    const runs: JobContext[] = [];
    const q = queue();
    q.register('echo', async (job) => {
      runs.push(job);
    });
    await q.start();
    await q.enqueue('echo', { text: 'hello', nested: { n: 1, list: [true, null] } });
    await waitFor(() => runs.length === 1);
    await sleep(300);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      name: 'echo',
      payload: { text: 'hello', nested: { n: 1, list: [true, null] } },
      attempt: 1,
      maxAttempts: 3,
    });
    expect(runs[0]!.id).toEqual(expect.any(String));
  });

  it('runs at most `concurrency` handlers at once', async () => {
    let active = 0;
    let peak = 0;
    let done = 0;
    const q = queue({ concurrency: 2 });
    q.register('slow', async () => {
      active += 1;
      peak = Math.max(peak, active);
      await sleep(80);
      active -= 1;
      done += 1;
    });
    await q.start();
    await Promise.all([1, 2, 3, 4, 5].map((n) => q.enqueue('slow', { n })));
    await waitFor(() => done === 5);
    expect(peak).toBe(2);
  });

  it('retries a RetryableJobError with a growing backoff until the handler succeeds', async () => {
    const starts: { attempt: number; at: number }[] = [];
    const q = queue({ retryBaseMs: 150 });
    q.register('flaky', async ({ attempt }) => {
      starts.push({ attempt, at: Date.now() });
      if (attempt < 3) throw new RetryableJobError('provider busy');
    });
    await q.start();
    await q.enqueue('flaky', {}, { maxAttempts: 4 });
    await waitFor(() => starts.length === 3);
    await sleep(400);
    expect(starts.map((start) => start.attempt)).toEqual([1, 2, 3]);
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(140);
    expect(starts[2]!.at - starts[1]!.at).toBeGreaterThanOrEqual(290);
  });

  it('gives up after maxAttempts runs of a retryable failure and frees the key', async () => {
    const attempts: number[] = [];
    const q = queue();
    q.register('doomed', async ({ attempt, payload }) => {
      attempts.push(attempt);
      if (payload.round === 1) throw new RetryableJobError('still busy');
    });
    await q.start();
    await q.enqueue('doomed', { round: 1 }, { maxAttempts: 2, key: 'doomed-1' });
    await waitFor(() => attempts.length === 2);
    await sleep(400);
    expect(attempts).toEqual([1, 2]);
    await q.enqueue('doomed', { round: 2 }, { key: 'doomed-1' });
    await waitFor(() => attempts.length === 3);
  });

  it('fails a job at once on any other error', async () => {
    const runs: number[] = [];
    const q = queue();
    q.register('broken', async ({ attempt }) => {
      runs.push(attempt);
      throw new Error('bad input');
    });
    await q.start();
    await q.enqueue('broken', {}, { maxAttempts: 5, key: 'broken-1' });
    await waitFor(() => runs.length === 1);
    await sleep(500);
    expect(runs).toEqual([1]);
    await q.enqueue('broken', {}, { key: 'broken-1' });
    await waitFor(() => runs.length === 2);
  });

  it('runs a job that met an unavailable database again without spending an attempt', async () => {
    const attempts: number[] = [];
    const q = queue();
    q.register('needs-db', async ({ attempt }) => {
      attempts.push(attempt);
      if (attempts.length < 3) {
        throw new DatabaseFaultError('unreachable', {
          cause: new Error('Connection terminated unexpectedly'),
        });
      }
    });
    await q.start();
    await q.enqueue('needs-db', {}, { maxAttempts: 1 });
    await waitFor(() => attempts.length === 3);
    await sleep(300);
    expect(attempts).toEqual([1, 1, 1]);
  });

  it('keeps jobs enqueued before start or by another instance until a worker starts', async () => {
    const seen: unknown[] = [];
    const producer = queue();
    await producer.enqueue('durable', { from: 'another instance' });
    const worker = queue();
    worker.register('durable', async ({ payload }) => {
      seen.push(payload.from);
    });
    await worker.enqueue('durable', { from: 'before start' });
    await sleep(200);
    expect(seen).toEqual([]);
    await worker.start();
    await waitFor(() => seen.length === 2);
    expect(seen.sort()).toEqual(['another instance', 'before start']);
  });

  it('runs a job whose runAt is in the future only once that time has come', async () => {
    let ranAt = 0;
    const q = queue();
    q.register('later', async () => {
      ranAt = Date.now();
    });
    await q.start();
    const runAt = new Date(Date.now() + 400);
    await q.enqueue('later', {}, { runAt });
    await waitFor(() => ranAt > 0);
    expect(ranAt).toBeGreaterThanOrEqual(runAt.getTime() - 20);
  });

  it('ignores an enqueue whose key is still queued or running', async () => {
    const seen: unknown[] = [];
    let release = () => {};
    const q = queue();
    q.register('keyed', async ({ payload }) => {
      seen.push(payload.n);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await q.enqueue('keyed', { n: 1 }, { key: 'k' });
    await q.enqueue('keyed', { n: 2 }, { key: 'k' });
    await q.start();
    await waitFor(() => seen.length === 1);
    await q.enqueue('keyed', { n: 3 }, { key: 'k' });
    await sleep(300);
    expect(seen).toEqual([1]);
    release();
    await sleep(200);
    await q.enqueue('keyed', { n: 4 }, { key: 'k' });
    await waitFor(() => seen.length === 2);
    expect(seen).toEqual([1, 4]);
    release();
  });

  it('lets a running handler finish when it stops within the grace period', async () => {
    let finished = false;
    let aborted = false;
    const first = queue();
    first.register('steady', async ({ signal }) => {
      await sleep(300);
      aborted = signal.aborted;
      finished = true;
    });
    await first.start();
    await first.enqueue('steady', {});
    await sleep(100);
    await first.stop({ graceMs: 5000 });
    expect(finished).toBe(true);
    expect(aborted).toBe(false);

    const reruns: number[] = [];
    const second = queue();
    second.register('steady', async ({ attempt }) => {
      reruns.push(attempt);
    });
    await second.start();
    await sleep(400);
    expect(reruns).toEqual([]);
  });

  it('aborts a handler that outlasts the grace period and hands its job to the next instance', async () => {
    let started = false;
    let aborted = false;
    const first = queue();
    first.register('long', async ({ signal }) => {
      started = true;
      await new Promise<void>((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        });
      });
    });
    await first.start();
    await first.enqueue('long', { video: 'v1' }, { maxAttempts: 1 });
    await waitFor(() => started);
    await first.stop({ graceMs: 50 });
    expect(aborted).toBe(true);

    const reruns: JobContext[] = [];
    const second = queue();
    second.register('long', async (job) => {
      reruns.push(job);
    });
    await second.start();
    await waitFor(() => reruns.length === 1);
    expect(reruns[0]).toMatchObject({ payload: { video: 'v1' }, attempt: 1, maxAttempts: 1 });
  });
}

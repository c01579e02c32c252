import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, generationSchema } from '@baegen/shared';
import { type JobsTestUser, startJob, startVideoJob, waitForJob } from '../../test/generation-jobs-kit';
import { TEST_DIALECT, type TestContext, createTestApp, createTestClock, signIn } from '../../test/test-app';
import type { VideoProvider } from './providers/ports';

describe(`generation job limits (${TEST_DIALECT})`, () => {
  const clock = createTestClock();
  const cancelled: string[] = [];
  // A vendor whose clip never comes: the job must give up at VIDEO_TIMEOUT_MS and cancel it.
  const stuck: VideoProvider = {
    name: 'stuck',
    submit: async () => `stuck-${cancelled.length}`,
    status: async () => ({ status: 'running', percent: 10, etaSeconds: null }),
    cancel: async (id) => {
      cancelled.push(id);
    },
  };
  let ctx: TestContext;
  let user: JobsTestUser;

  beforeAll(async () => {
    ctx = await createTestApp(
      {
        GENERATION_CONCURRENCY: '1',
        DEMO_DELAY_MS: '60000',
        VIDEO_TIMEOUT_MS: '30000',
        VIDEO_POLL_INTERVAL_MS: '10',
      },
      { clock, providers: { video: stuck } },
    );
    user = await signIn(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const cancel = (id: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/generations/${id}/cancel`, headers: user.headers });

  it('cancels a job still waiting in the queue, which then never runs', async () => {
    const running = await startJob(ctx, user, { kind: 'image', prompt: 'takes a minute' });
    await waitForJob(ctx, user, running.$id, 'running');
    const waiting = await startJob(ctx, user, { kind: 'image', prompt: 'behind it' });
    const res = await cancel(waiting.$id);
    expect(res.statusCode).toBe(200);
    expect(generationSchema.parse(res.json())).toMatchObject({ status: 'cancelled', startedAt: null });
    await cancel(running.$id);
    await waitForJob(ctx, user, running.$id, 'cancelled');
    const after = await waitForJob(ctx, user, waiting.$id, 'cancelled');
    expect(after.startedAt).toBeNull();
    expect(after.outputs).toEqual([]);
  });

  it('fails a video job that outlives VIDEO_TIMEOUT_MS and cancels it at the provider', async () => {
    const { job } = await startVideoJob(ctx, user, 'Iris', 'Iris waits');
    await waitForJob(ctx, user, job.$id, 'running', { also: (j) => j.progress.percent === 10 });
    const failed = await waitForJob(ctx, user, job.$id, 'failed', { tick: () => clock.advance(5000) });
    expect(failed.error).toEqual({ code: 'GENERATION_TIMEOUT', message: MESSAGES.media.generateFailed });
    expect(cancelled).toHaveLength(1);
  });
});

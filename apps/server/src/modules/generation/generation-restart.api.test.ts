import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Media, mediaListSchema } from '@baegen/shared';
import { buildApp } from '../../app';
import { SAMPLE_VIDEO_FILE, findAssetsDir } from '../samples';
import { createCharacter, startVideoJob, waitForJob } from '../../test/generation-jobs-kit';
import { TEST_DIALECT, type TestContext, createTestApp, createTestClock, signIn } from '../../test/test-app';
import type { VideoProvider } from './providers/ports';
import { DemoVideoProvider } from './providers/video/demo-video.provider';

describe(`a generation across a server restart (${TEST_DIALECT})`, () => {
  const clock = createTestClock();
  const demo = new DemoVideoProvider({
    clipPath: path.join(findAssetsDir(), SAMPLE_VIDEO_FILE),
    delayMs: 4000,
    clock,
  });
  let submits = 0;
  // The demo provider, counting what a real vendor would bill: each submit.
  const video: VideoProvider = {
    name: 'demo',
    submit: async () => {
      submits += 1;
      return demo.submit();
    },
    status: (id) => demo.status(id),
    cancel: () => demo.cancel(),
  };
  let ctx: TestContext | undefined;
  afterAll(async () => {
    await ctx?.close();
  });

  it('re-attaches to the provider job after a restart and finishes once', async () => {
    const env = { VIDEO_POLL_INTERVAL_MS: '10', SHUTDOWN_GRACE_MS: '0' };
    ctx = await createTestApp(env, { clock, providers: { video } });
    const user = await signIn(ctx.app);
    const { job } = await startVideoJob(ctx, user, 'Nova', 'Nova turns');
    await waitForJob(ctx, user, job.$id, 'running', { also: (j) => j.progress.phase === 'generating' });

    // The first server stops mid-job: its worker hands the job back to the queue.
    await ctx.app.close();
    const second = await buildApp({ env: ctx.env, database: ctx.database, clock, providers: { video } });
    await second.ready();
    try {
      const restarted = { ...ctx, app: second };
      const done = await waitForJob(restarted, user, job.$id, 'succeeded', {
        tick: () => clock.advance(500),
      });
      expect(submits).toBe(1);
      expect(done.mediaIds).toHaveLength(1);
      const list = await second.inject({
        method: 'GET',
        url: '/api/media?type=video',
        headers: user.headers,
      });
      const videos: Media[] = mediaListSchema.parse(list.json()).documents;
      expect(videos.map((media) => media.$id)).toEqual(done.mediaIds);
    } finally {
      await second.close();
    }
  });

  it('takes over a job whose worker died, polling the same provider job', async () => {
    const before = submits;
    const env = { VIDEO_POLL_INTERVAL_MS: '10', GENERATION_LEASE_MS: '1000' };
    const orphanCtx = await createTestApp(env, { clock, providers: { video } });
    try {
      const user = await signIn(orphanCtx.app);
      const character = await createCharacter(orphanCtx, user, 'Echo');
      const now = clock().getTime();
      const iso = (offset: number) => new Date(now + offset).toISOString();
      // What a worker killed mid-job leaves: running, its provider id written, a lapsed lease and
      // no queued job anywhere.
      await orphanCtx.database.db
        .insertInto('generations')
        .values({
          id: 'orphanedVideoJob0001',
          user_id: user.userId,
          kind: 'video',
          status: 'running',
          prompt: 'Echo listens',
          character_id: character.$id,
          subject: null,
          outputs_requested: 1,
          options: null,
          phase: 'generating',
          percent: 40,
          queue_position: null,
          eta_seconds: 2,
          outputs: '[]',
          media_ids: '[]',
          error_code: null,
          error_message: null,
          provider: 'demo',
          provider_job_id: `demo-${now - 2000}`,
          lease_owner: 'a-dead-instance',
          lease_expires_at: iso(-60_000),
          created_at: iso(-120_000),
          started_at: iso(-120_000),
          finished_at: null,
          updated_at: iso(-120_000),
        })
        .execute();
      const done = await waitForJob(orphanCtx, user, 'orphanedVideoJob0001', 'succeeded', {
        tick: () => clock.advance(200),
      });
      expect(submits).toBe(before);
      expect(done.mediaIds).toEqual(['orphanedVideoJob0001']);
    } finally {
      await orphanCtx.close();
    }
  });
});

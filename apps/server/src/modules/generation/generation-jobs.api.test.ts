import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Generation,
  type Media,
  MESSAGES,
  generationListSchema,
  generationSchema,
} from '@baegen/shared';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../test/test-app';
import {
  type JobsTestUser,
  createCharacter,
  startJob,
  waitForJob,
  startVideoJob,
} from '../../test/generation-jobs-kit';
import { ALL_GENERATION_CAPABILITIES } from './providers/image/image-shape';
import type { ImageProvider } from './providers/ports';

const brokenImageProvider: ImageProvider = {
  name: 'broken',
  capabilities: ALL_GENERATION_CAPABILITIES,
  generate: async () => {
    throw new Error('the vendor is down');
  },
  generateCharacter: async () => {
    throw new Error('the vendor is down');
  },
};

describe(`generation jobs API (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  let now = new Date('2026-03-01T08:00:00.000Z');
  const tick = () => {
    now = new Date(now.getTime() + 500);
  };
  let alice: JobsTestUser;
  let bob: JobsTestUser;

  beforeAll(async () => {
    ctx = await createTestApp(
      { GENERATION_MAX_ACTIVE: '3', VIDEO_POLL_INTERVAL_MS: '10', DEMO_DELAY_MS: '4000' },
      { clock: () => now },
    );
    alice = await signIn(ctx.app);
    bob = await signIn(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('runs an image job from queued to succeeded with a stored candidate', async () => {
    const created = await startJob(ctx, alice, { kind: 'image', prompt: 'a lighthouse at dusk' });
    expect(created.status).toBe('queued');
    expect(created.progress).toEqual({
      phase: 'queued',
      percent: null,
      queuePosition: null,
      etaSeconds: null,
    });
    // Demo image jobs wait DEMO_DELAY_MS on the clock too.
    const done = await waitForJob(ctx, alice, created.$id, 'succeeded', { tick });
    expect(done.outputs).toHaveLength(1);
    expect(done.outputs[0]).toMatch(/^\/api\/files\/[A-Za-z0-9]+\/view$/);
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    const view = await ctx.app.inject({ method: 'GET', url: done.outputs[0]!, headers: alice.headers });
    expect(view.headers['content-type']).toBe('image/png');
  });

  it('makes four character variations of a subject', async () => {
    const character = await createCharacter(ctx, alice, 'Ayla');
    const created = await startJob(ctx, alice, {
      kind: 'character',
      prompt: 'Ayla in a rainy street',
      subject: character.imageUrl,
      characterId: character.$id,
    });
    const done = await waitForJob(ctx, alice, created.$id, 'succeeded', { tick });
    expect(done.outputs).toHaveLength(4);
    expect(done.characterId).toBe(character.$id);
  });

  it('makes a video that reports progress and saves its own media record', async () => {
    const { character, job: created } = await startVideoJob(ctx, alice, 'Mira', 'Mira waves');
    const running = await waitForJob(ctx, alice, created.$id, 'running', {
      also: (job) => job.progress.percent !== null,
    });
    expect(running.progress.phase).toBe('generating');
    expect(running.progress.etaSeconds).toBeGreaterThan(0);
    const done = await waitForJob(ctx, alice, created.$id, 'succeeded', { tick });
    expect(done.mediaIds).toHaveLength(1);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/media?type=video',
      headers: alice.headers,
    });
    const video = list
      .json<{ documents: Media[] }>()
      .documents.find((media) => media.$id === done.mediaIds[0]);
    expect(video).toMatchObject({ type: 'video', url: done.outputs[0], thumbnail: character.imageUrl });
    const clip = await ctx.app.inject({ method: 'GET', url: done.outputs[0]!, headers: alice.headers });
    expect(clip.headers['content-type']).toBe('video/mp4');
  });

  it('cancels a running job, and refuses to cancel it twice', async () => {
    const created = await startJob(ctx, alice, { kind: 'image', prompt: 'a slow painting' });
    await waitForJob(ctx, alice, created.$id, 'running');
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/generations/${created.$id}/cancel`,
      headers: alice.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(generationSchema.parse(cancel.json()).status).toBe('cancelled');
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/generations/${created.$id}/cancel`,
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'GENERATION_FINISHED' } });
    const after = await waitForJob(ctx, alice, created.$id, 'cancelled');
    expect(after.outputs).toEqual([]);
  });

  it("keeps each user's jobs to that user", async () => {
    const created = await startJob(ctx, alice, { kind: 'image', prompt: 'private' });
    for (const [method, url] of [
      ['GET', `/api/generations/${created.$id}`],
      ['POST', `/api/generations/${created.$id}/cancel`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: bob.headers });
      expect(res.statusCode, url).toBe(404);
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/generations', headers: bob.headers });
    expect(generationListSchema.parse(list.json()).documents.map((job) => job.$id)).not.toContain(
      created.$id,
    );
    await waitForJob(ctx, alice, created.$id, 'succeeded', { tick });
  });

  it('lists active and finished jobs newest first, page by page', async () => {
    const all = generationListSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/generations?limit=2', headers: alice.headers })
      ).json(),
    );
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.documents).toHaveLength(2);
    const next = generationListSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/generations?limit=2&cursor=${all.nextCursor}`,
          headers: alice.headers,
        })
      ).json(),
    );
    expect(next.documents[0]!.createdAt <= all.documents[1]!.createdAt).toBe(true);
    const finished = generationListSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/generations?status=finished',
          headers: alice.headers,
        })
      ).json(),
    );
    expect(finished.documents.every((job) => ['succeeded', 'failed', 'cancelled'].includes(job.status))).toBe(
      true,
    );
  });

  it('holds the cap when many jobs are asked for at once', async () => {
    const carol = await signIn(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/generations',
          headers: carol.headers,
          payload: { kind: 'image', prompt: `at once ${i}` },
        }),
      ),
    );
    const accepted = answers.filter((res) => res.statusCode === 202);
    expect(accepted).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(12);
    for (const res of accepted) {
      await ctx.app.inject({
        method: 'POST',
        url: `/api/generations/${res.json<Generation>().$id}/cancel`,
        headers: carol.headers,
      });
    }
  });

  it('caps active jobs per user with 429 and Retry-After', async () => {
    const started: Generation[] = [];
    for (let i = 0; i < 3; i += 1)
      started.push(await startJob(ctx, bob, { kind: 'image', prompt: `busy ${i}` }));
    const fourth = await ctx.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: bob.headers,
      payload: { kind: 'image', prompt: 'one too many' },
    });
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(fourth.json()).toMatchObject({ error: { code: 'TOO_MANY_ACTIVE_GENERATIONS' } });
    for (const job of started) {
      const cancel = await ctx.app.inject({
        method: 'POST',
        url: `/api/generations/${job.$id}/cancel`,
        headers: bob.headers,
      });
      expect(cancel.statusCode).toBe(200);
    }
    const again = await startJob(ctx, bob, { kind: 'image', prompt: 'room again' });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/generations/${again.$id}/cancel`,
      headers: bob.headers,
    });
  });

  it('refuses bad requests before anything is queued', async () => {
    const cases = [
      [{ kind: 'image' }, 400],
      [{ kind: 'character', prompt: 'no subject' }, 400],
      [{ kind: 'video', prompt: 'no character' }, 400],
      [{ kind: 'gif', prompt: 'x' }, 400],
      [{ kind: 'video', prompt: 'x', characterId: 'nope' }, 404],
    ] as const;
    for (const [payload, status] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/generations',
        headers: alice.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/generations',
      payload: { kind: 'image', prompt: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('fails a job with the provider error and the message of docs/product.md §8.2, keeping nothing', async () => {
    const failing = await createTestApp(
      { VIDEO_POLL_INTERVAL_MS: '10' },
      { clock: () => now, providers: { image: brokenImageProvider } },
    );
    try {
      const carol = await signIn(failing.app);
      const job = await startJob(failing, carol, { kind: 'image', prompt: 'anything' });
      const failed = await waitForJob(failing, carol, job.$id, 'failed');
      expect(failed.error).toEqual({
        code: 'IMAGE_GENERATION_FAILED',
        message: MESSAGES.service.imageFailed,
      });
      expect(failed.outputs).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});

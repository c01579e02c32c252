import { describe, expect, it } from 'vitest';
import { type Generation, generationListSchema, generationSchema } from '@baegen/shared/contract';
import { finishCharacterJob, startVideoJob } from '../../test/generation-jobs-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../../test/test-hooks';

describe(`finished images nobody has saved yet (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ DEMO_DELAY_MS: '0', CANDIDATE_TTL_HOURS: '1', VIDEO_POLL_INTERVAL_MS: '10' });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  const unsaved = async (who: SignedIn) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/generations?status=unsaved',
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return generationListSchema.parse(res.json()).documents.map((job) => job.$id);
  };
  const dismiss = (who: SignedIn, id: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/generations/${id}/dismiss`, headers: who.headers });
  const served = async (who: SignedIn, job: Generation) =>
    Promise.all(
      job.outputs.map(
        async (url) => (await ctx.app.inject({ method: 'GET', url, headers: who.headers })).statusCode,
      ),
    );

  it('lists a finished job until one of its pictures is saved, for its owner only', async () => {
    const { character, job } = await finishCharacterJob(ctx, alice, 'Noor at the harbour');
    expect(await unsaved(alice)).toContain(job.$id);
    expect(await unsaved(bob)).not.toContain(job.$id);

    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: alice.headers,
      payload: { characterId: character.$id, type: 'image', prompt: job.prompt, url: job.outputs[1] },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await unsaved(alice)).not.toContain(job.$id);
  });

  it('lets its owner dismiss the results, deleting the pictures nobody kept', async () => {
    const { job } = await finishCharacterJob(ctx, alice, 'Noor in the rain');
    expect((await dismiss(bob, job.$id)).statusCode).toBe(404);
    expect(await served(alice, job)).toEqual(job.outputs.map(() => 200));

    const res = await dismiss(alice, job.$id);
    expect(res.statusCode, res.body).toBe(200);
    expect(generationSchema.parse(res.json()).$id).toBe(job.$id);
    expect(await unsaved(alice)).not.toContain(job.$id);
    expect(await served(alice, job)).toEqual(job.outputs.map(() => 404));
  });

  it('refuses to dismiss a job still running', async () => {
    const { job } = await startVideoJob(ctx, alice, 'Iris', 'Iris waves');
    const res = await dismiss(alice, job.$id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'GENERATION_ACTIVE' } });
  });

  it('forgets results once their pictures have expired', async () => {
    const { job } = await finishCharacterJob(ctx, alice, 'Noor at dawn');
    expect(await unsaved(alice)).toContain(job.$id);
    ctx.clock.advance(2 * 3_600_000);
    expect(await unsaved(alice)).not.toContain(job.$id);
  });
});

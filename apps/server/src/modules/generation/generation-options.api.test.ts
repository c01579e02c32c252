import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Generation, generationSchema, publicConfigSchema } from '@baegen/shared';
import { createCharacter, startJob, waitForJob } from '../../test/generation-jobs-kit';
import { TEST_DIALECT, type TestContext } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';
import { ALL_GENERATION_CAPABILITIES } from './providers/image/image-shape';
import { openAiCapabilities } from './providers/image/openai-image.provider';

async function readConfig(ctx: TestContext) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
  expect(res.statusCode).toBe(200);
  return publicConfigSchema.parse(res.json());
}

async function sizeOf(ctx: TestContext, headers: Record<string, string>, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  const { width, height } = await sharp(res.rawPayload).metadata();
  return { width: width!, height: height! };
}

describe(`image options with the demo provider (${TEST_DIALECT})`, () => {
  let now = new Date('2026-03-01T08:00:00.000Z');
  const tick = () => {
    now = new Date(now.getTime() + 250);
  };
  const ctx = useTestApp({ DEMO_DELAY_MS: '2000' }, { clock: () => now });
  const alice = useSignedIn(ctx);

  it('serves the demo capabilities in /api/config: everything', async () => {
    expect((await readConfig(ctx)).imageCapabilities).toEqual(ALL_GENERATION_CAPABILITIES);
  });

  it('makes the count and shape asked for, reporting each step of the way', async () => {
    const character = await createCharacter(ctx, alice, 'Noor');
    const created = await startJob(ctx, alice, {
      kind: 'character',
      prompt: 'Noor on a beach',
      subject: character.imageUrl,
      characterId: character.$id,
      outputs: 2,
      aspectRatio: 'landscape',
      negativePrompt: 'blurry',
      style: 'cinematic',
    });
    const seen = new Set<string>();
    let job: Generation;
    do {
      tick();
      const res = await ctx.app.inject({ url: `/api/generations/${created.$id}`, headers: alice.headers });
      job = generationSchema.parse(res.json());
      if (job.status === 'running') seen.add(`${job.progress.phase} ${job.progress.percent}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    } while (job.status !== 'succeeded');
    const done = await waitForJob(ctx, alice, created.$id, 'succeeded');
    // The steps between the start and the end were reported, in place of one fixed "Starting".
    expect([...seen].filter((step) => /^generating [1-9]\d?$/.test(step)).length).toBeGreaterThan(1);
    expect(done.outputs).toHaveLength(2);
    // What it asked for comes back with it, for a form reopened on the job.
    expect(done.options).toEqual({
      outputs: 2,
      aspectRatio: 'landscape',
      negativePrompt: 'blurry',
      style: 'cinematic',
    });
    for (const url of done.outputs)
      expect(await sizeOf(ctx, alice.headers, url)).toEqual({ width: 1024, height: 768 });
  });

  it('keeps four portrait-shaped outputs as the default of a character job, one of an image job', async () => {
    const character = await createCharacter(ctx, alice, 'Ines');
    const variations = await startJob(ctx, alice, {
      kind: 'character',
      prompt: 'Ines reading',
      subject: character.imageUrl,
      characterId: character.$id,
    });
    const portrait = await startJob(ctx, alice, {
      kind: 'image',
      prompt: 'Ines, square',
      aspectRatio: 'square',
    });
    const [many, one] = await Promise.all([
      waitForJob(ctx, alice, variations.$id, 'succeeded', { tick }),
      waitForJob(ctx, alice, portrait.$id, 'succeeded', { tick }),
    ]);
    expect([many.options, one.options]).toEqual([{ outputs: 4 }, { outputs: 1, aspectRatio: 'square' }]);
    expect(many.outputs).toHaveLength(4);
    expect(await sizeOf(ctx, alice.headers, many.outputs[0]!)).toEqual({ width: 768, height: 1024 });
    expect(one.outputs).toHaveLength(1);
    expect(await sizeOf(ctx, alice.headers, one.outputs[0]!)).toEqual({ width: 768, height: 768 });
  });

  it('refuses image options on a video job', async () => {
    const character = await createCharacter(ctx, alice, 'Vera');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: alice.headers,
      payload: { kind: 'video', prompt: 'Vera waves', characterId: character.$id, aspectRatio: 'square' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'UNSUPPORTED_OPTION', message: 'A video job takes no image options.' },
    });
  });
});

describe(`image options on a provider without them (${TEST_DIALECT})`, () => {
  // The OpenAI adapter pointed nowhere: every request here is refused before any call goes out.
  const ctx = useTestApp({
    IMAGE_PROVIDER: 'openai',
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    OPENAI_IMAGE_MODEL: 'dall-e-3',
  });
  const bob = useSignedIn(ctx);

  it('serves what the images API takes: no negative prompt, one dall-e-3 picture a call', async () => {
    const { imageCapabilities } = await readConfig(ctx);
    expect(imageCapabilities).toEqual(openAiCapabilities('dall-e-3'));
    expect(imageCapabilities.image.negativePrompt).toBe(false);
    expect(imageCapabilities.image.outputs.max).toBe(1);
  });

  it.each([
    [{ negativePrompt: 'blurry' }, 'This image provider does not take a negative prompt.'],
    [{ outputs: 2 }, 'This image provider makes 1 image at a time.'],
  ])('answers 400 with the reason to %j', async (option, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: bob.headers,
      payload: { kind: 'image', prompt: 'a fox', ...option },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'UNSUPPORTED_OPTION', message } });
  });
});

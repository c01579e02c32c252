import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@baegen/shared';
import { type FakeServer, fakePng, sendJson, sha256, startFakeServer } from '../../../../test/fake-http-server';
import { expectFailure, generate, servedSha, uploadSubject } from '../../../../test/generation-kit';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../../../test/test-app';

/** Stable Diffusion WebUI: /sdapi/v1/txt2img and /sdapi/v1/img2img answer {images: [base64…]}. */
describe(`a1111 image provider (${TEST_DIALECT})`, () => {
  let mode: 'ok' | 'error' | 'malformed' | 'slow' = 'ok';
  let fake: FakeServer;
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    fake = await startFakeServer(async (req, res) => {
      if (mode === 'slow') return;
      if (mode === 'error') return sendJson(res, 500, { error: 'OutOfMemoryError', detail: 'CUDA out of memory' });
      if (mode === 'malformed') return sendJson(res, 200, { images: 'iVBOR', parameters: {}, info: '{}' });
      const body = JSON.parse(req.body.toString()) as { batch_size: number };
      const kind = req.url.split('/').pop();
      const images = await Promise.all(
        Array.from({ length: body.batch_size }, async (_, i) => (await fakePng(`${kind}-${i}`)).toString('base64')),
      );
      sendJson(res, 200, { images, parameters: body, info: '{}' });
    });
    ctx = await createTestApp({ IMAGE_PROVIDER: 'a1111', A1111_BASE_URL: fake.url, PROVIDER_TIMEOUT_MS: '500' });
    user = await signIn(ctx.app);
  });
  beforeEach(() => {
    mode = 'ok';
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('runs txt2img and stores the decoded image', async () => {
    const res = await generate(ctx, user, 'image', { prompt: 'a castle on a hill' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests[0]!.url).toBe('/sdapi/v1/txt2img');
    expect(JSON.parse(fake.requests[0]!.body.toString())).toMatchObject({
      prompt: 'a castle on a hill',
      batch_size: 1,
      width: 768,
      height: 1024,
    });
    const { urls } = res.json<{ urls: string[] }>();
    expect(await servedSha(ctx, user, urls[0]!)).toBe(sha256(await fakePng('txt2img-0')));
  });

  it('runs img2img from the subject and stores each output', async () => {
    const subject = await uploadSubject(ctx, user);
    const res = await generate(ctx, user, 'character', { prompt: 'smiling', subject: subject.url, number_of_outputs: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const sent = JSON.parse(fake.requests[0]!.body.toString()) as { init_images: string[]; batch_size: number };
    expect(fake.requests[0]!.url).toBe('/sdapi/v1/img2img');
    expect(sent.init_images).toEqual([subject.data.toString('base64')]);
    expect(sent.batch_size).toBe(2);
    const { urls } = res.json<{ urls: string[] }>();
    expect(await Promise.all(urls.map((url) => servedSha(ctx, user, url)))).toEqual([
      sha256(await fakePng('img2img-0')),
      sha256(await fakePng('img2img-1')),
    ]);
  });

  it('turns an HTTP error into 502', async () => {
    mode = 'error';
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED', MESSAGES.service.imageFailed);
  });

  it('turns a malformed images field into 502', async () => {
    mode = 'malformed';
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED');
  });

  it('gives up after the provider timeout', async () => {
    mode = 'slow';
    const subject = await uploadSubject(ctx, user);
    expectFailure(
      await generate(ctx, user, 'character', { prompt: 'x', subject: subject.url }),
      502,
      'CHARACTER_GENERATION_FAILED',
      MESSAGES.service.characterVariationFailed,
    );
  });
});

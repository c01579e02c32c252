import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@baegen/shared';
import { type FakeServer, fakePng, sendJson, sha256, startFakeServer } from '../../../../test/fake-http-server';
import { expectFailure, generate, servedSha, uploadSubject } from '../../../../test/generation-kit';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../../../test/test-app';

/** OpenAI images API: /images/generations (JSON) and /images/edits (multipart), b64_json or url. */
describe(`openai image provider (${TEST_DIALECT})`, () => {
  let mode: 'ok' | 'error' | 'malformed' | 'slow' = 'ok';
  let fake: FakeServer;
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    fake = await startFakeServer(async (req, res) => {
      if (req.method === 'GET' && req.url.startsWith('/out/')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return void res.end(await fakePng(req.url));
      }
      if (req.headers.authorization !== 'Bearer sk-test') {
        return sendJson(res, 401, { error: { message: 'Incorrect API key', type: 'invalid_request_error' } });
      }
      if (mode === 'slow') return;
      if (mode === 'error') {
        return sendJson(res, 400, { error: { message: 'Your request was rejected', type: 'image_generation_user_error' } });
      }
      if (mode === 'malformed') return sendJson(res, 200, { created: 1, data: [{ revised_prompt: 'no image here' }] });
      if (req.url === '/v1/images/generations') {
        const body = JSON.parse(req.body.toString()) as { n: number };
        const data = await Promise.all(
          Array.from({ length: body.n }, async (_, i) => ({ b64_json: (await fakePng(`gen-${i}`)).toString('base64') })),
        );
        return sendJson(res, 200, { created: 1, data });
      }
      if (req.url === '/v1/images/edits') {
        const n = Number(/name="n"\r\n\r\n(\d+)/.exec(req.body.toString('latin1'))?.[1] ?? 1);
        const data = await Promise.all(
          Array.from({ length: n }, async (_, i) =>
            i % 2 === 0 ? { url: `${fake.url}/out/edit-${i}.png` } : { b64_json: (await fakePng(`edit-${i}`)).toString('base64') },
          ),
        );
        return sendJson(res, 200, { created: 1, data });
      }
      sendJson(res, 404, { error: { message: 'Unknown route' } });
    });
    ctx = await createTestApp({
      IMAGE_PROVIDER: 'openai',
      OPENAI_IMAGE_API_KEY: 'sk-test',
      OPENAI_IMAGE_BASE_URL: `${fake.url}/v1`,
      PROVIDER_TIMEOUT_MS: '500',
    });
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

  it('generates with the configured model and stores the b64_json image', async () => {
    const res = await generate(ctx, user, 'image', { prompt: 'a red fox in snow' });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(fake.requests[0]!.body.toString())).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'a red fox in snow',
      n: 1,
      size: '1024x1536',
    });
    const { urls } = res.json<{ urls: string[] }>();
    expect(urls).toHaveLength(1);
    expect(await servedSha(ctx, user, urls[0]!)).toBe(sha256(await fakePng('gen-0')));
  });

  it('edits the subject into variations, accepting both url and b64_json items', async () => {
    const subject = await uploadSubject(ctx, user);
    const res = await generate(ctx, user, 'character', { prompt: 'in a garden', subject: subject.url });
    expect(res.statusCode, res.body).toBe(200);
    const edit = fake.requests.find((r) => r.url === '/v1/images/edits')!;
    expect(edit.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(edit.body.includes(subject.data)).toBe(true);
    expect(edit.body.toString('latin1')).toContain('in a garden');
    const { urls } = res.json<{ urls: string[] }>();
    expect(urls).toHaveLength(4);
    const expected = await Promise.all(
      [0, 1, 2, 3].map(async (i) => sha256(await fakePng(i % 2 === 0 ? `/out/edit-${i}.png` : `edit-${i}`))),
    );
    expect(await Promise.all(urls.map((url) => servedSha(ctx, user, url)))).toEqual(expected);
  });

  it('turns an HTTP error into 502', async () => {
    mode = 'error';
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED', MESSAGES.service.imageFailed);
  });

  it('turns an item without image data into 502', async () => {
    mode = 'malformed';
    const subject = await uploadSubject(ctx, user);
    expectFailure(
      await generate(ctx, user, 'character', { prompt: 'x', subject: subject.url }),
      502,
      'CHARACTER_GENERATION_FAILED',
      MESSAGES.service.characterVariationFailed,
    );
  });

  it('gives up after the provider timeout', async () => {
    mode = 'slow';
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED');
  });
});

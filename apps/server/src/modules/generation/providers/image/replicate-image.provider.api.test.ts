import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@baegen/shared';
import { type FakeServer, fakePng, sendJson, sha256, startFakeServer } from '../../../../test/fake-http-server';
import { expectFailure, generate, servedSha, uploadSubject } from '../../../../test/generation-kit';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../../../test/test-app';

/** Replicate's HTTP API: create a prediction, poll GET /predictions/:id until it settles. */
describe(`replicate image provider (${TEST_DIALECT})`, () => {
  let mode: 'ok' | 'error' | 'malformed' | 'failed' | 'slow' = 'ok';
  let fake: FakeServer;
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof signIn>>;
  const polls = new Map<string, number>();
  const outputs = new Map<string, number>();

  beforeAll(async () => {
    let next = 0;
    fake = await startFakeServer(async (req, res) => {
      if (req.url.startsWith('/out/')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return void res.end(await fakePng(req.url));
      }
      if (req.headers.authorization !== 'Bearer r8_test_token') return sendJson(res, 401, { detail: 'Unauthenticated' });
      const created = /^\/v1\/(models\/[^/]+\/[^/]+\/predictions|predictions)$/.exec(req.url);
      if (req.method === 'POST' && created) {
        if (mode === 'error') return sendJson(res, 422, { title: 'Invalid input', detail: 'prompt is required' });
        const body = JSON.parse(req.body.toString()) as { input: { number_of_outputs?: number } };
        const id = `pred${(next += 1)}`;
        polls.set(id, 0);
        outputs.set(id, body.input.number_of_outputs ?? 1);
        return sendJson(res, 201, { id, status: 'starting', output: null, error: null });
      }
      const cancel = /^\/v1\/predictions\/(\w+)\/cancel$/.exec(req.url);
      if (req.method === 'POST' && cancel) return sendJson(res, 200, { id: cancel[1], status: 'canceled' });
      const got = /^\/v1\/predictions\/(\w+)$/.exec(req.url);
      if (req.method === 'GET' && got) {
        const id = got[1]!;
        const count = (polls.get(id) ?? 0) + 1;
        polls.set(id, count);
        if (mode === 'slow' || count < 2) return sendJson(res, 200, { id, status: 'processing', output: null });
        if (mode === 'failed') return sendJson(res, 200, { id, status: 'failed', error: 'CUDA out of memory' });
        if (mode === 'malformed') return sendJson(res, 200, { id, status: 'succeeded', output: { weird: true } });
        const urls = Array.from({ length: outputs.get(id)! }, (_, i) => `${fake.url}/out/${id}-${i}.png`);
        return sendJson(res, 200, { id, status: 'succeeded', output: urls });
      }
      sendJson(res, 404, { detail: 'Not found' });
    });
    ctx = await createTestApp({
      IMAGE_PROVIDER: 'replicate',
      REPLICATE_API_TOKEN: 'r8_test_token',
      REPLICATE_BASE_URL: `${fake.url}/v1`,
      REPLICATE_CHARACTER_MODEL: 'fofr/consistent-character:9c77a3c2',
      REPLICATE_POLL_INTERVAL_MS: '20',
      PROVIDER_TIMEOUT_MS: '600',
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

  it('creates a text-to-image prediction on the model, polls it and stores the output', async () => {
    const res = await generate(ctx, user, 'image', { prompt: 'a lighthouse at dusk' });
    expect(res.statusCode, res.body).toBe(200);
    const create = fake.requests[0]!;
    expect(create.url).toBe('/v1/models/black-forest-labs/flux-schnell/predictions');
    expect(JSON.parse(create.body.toString()).input).toMatchObject({ prompt: 'a lighthouse at dusk' });
    const id = [...polls.keys()].at(-1)!;
    expect(polls.get(id)).toBeGreaterThanOrEqual(2);
    const { urls } = res.json<{ urls: string[] }>();
    expect(urls).toHaveLength(1);
    expect(await servedSha(ctx, user, urls[0]!)).toBe(sha256(await fakePng(`/out/${id}-0.png`)));
  });

  it('runs the character model version with the subject as a data URI', async () => {
    const subject = await uploadSubject(ctx, user);
    const res = await generate(ctx, user, 'character', { prompt: 'in a cafe', subject: subject.url, number_of_outputs: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const create = fake.requests[0]!;
    expect(create.url).toBe('/v1/predictions');
    const body = JSON.parse(create.body.toString()) as { version: string; input: Record<string, unknown> };
    expect(body.version).toBe('9c77a3c2');
    expect(body.input).toMatchObject({ prompt: 'in a cafe', number_of_outputs: 3 });
    expect(body.input.subject).toBe(`data:image/png;base64,${subject.data.toString('base64')}`);
    const id = [...polls.keys()].at(-1)!;
    const { urls } = res.json<{ urls: string[] }>();
    expect(urls).toHaveLength(3);
    for (const [i, url] of urls.entries()) {
      expect(await servedSha(ctx, user, url)).toBe(sha256(await fakePng(`/out/${id}-${i}.png`)));
    }
  });

  it('turns an HTTP error and a failed prediction into 502', async () => {
    mode = 'error';
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED', MESSAGES.service.imageFailed);
    mode = 'failed';
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED');
  });

  it('turns malformed output into 502', async () => {
    mode = 'malformed';
    const subject = await uploadSubject(ctx, user);
    expectFailure(
      await generate(ctx, user, 'character', { prompt: 'x', subject: subject.url }),
      502,
      'CHARACTER_GENERATION_FAILED',
      MESSAGES.service.characterVariationFailed,
    );
  });

  it('gives up on a prediction that never settles and cancels it', async () => {
    mode = 'slow';
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED');
    await vi.waitFor(() => expect(fake.requests.some((r) => /\/cancel$/.test(r.url))).toBe(true));
  });
});

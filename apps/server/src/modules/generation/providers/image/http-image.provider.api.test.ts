import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@baegen/shared';
import { type FakeServer, fakePng, sendJson, sha256, startFakeServer } from '../../../../test/fake-http-server';
import { expectFailure, generate, servedSha, uploadSubject } from '../../../../test/generation-kit';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../../../test/test-app';

describe(`http image provider (${TEST_DIALECT})`, () => {
  let mode: 'ok' | 'error' | 'malformed' | 'slow' | 'not-an-image' = 'ok';
  let fake: FakeServer;
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    fake = await startFakeServer(async (req, res) => {
      if (req.method === 'GET') {
        if (mode === 'not-an-image') return void res.end('<html>expired</html>');
        res.writeHead(200, { 'content-type': 'image/png' });
        return void res.end(await fakePng(req.url));
      }
      if (mode === 'slow') return;
      if (mode === 'error') return sendJson(res, 500, { detail: 'GPU on fire' });
      if (mode === 'malformed') return sendJson(res, 200, { images: 'not a list' });
      const body = JSON.parse(req.body.toString()) as { number_of_outputs?: number };
      if (req.url === '/generate/image') return sendJson(res, 200, [`${fake.url}/out/a.png`, `${fake.url}/out/b.png`]);
      if (req.url === '/generate/character') {
        return sendJson(res, 200, Array.from({ length: body.number_of_outputs ?? 0 }, (_, i) => `${fake.url}/out/c${i}.png`));
      }
      sendJson(res, 404, { detail: 'no such route' });
    });
    ctx = await createTestApp({ IMAGE_PROVIDER: 'http', IMAGE_HTTP_BASE_URL: fake.url, PROVIDER_TIMEOUT_MS: '500' });
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

  it('sends {prompt} and stores the first URL it answers as a candidate', async () => {
    const res = await generate(ctx, user, 'image', { prompt: 'a knight in silver armour' });
    expect(res.statusCode, res.body).toBe(200);
    const { urls } = res.json<{ urls: string[] }>();
    expect(urls).toHaveLength(1);
    expect(JSON.parse(fake.requests[0]!.body.toString())).toEqual({ prompt: 'a knight in silver armour' });
    expect(await servedSha(ctx, user, urls[0]!)).toBe(sha256(await fakePng('/out/a.png')));
  });

  it('sends {prompt, subject, number_of_outputs} and stores every variation', async () => {
    const subject = await uploadSubject(ctx, user);
    const res = await generate(ctx, user, 'character', { prompt: 'at the beach', subject: subject.url });
    expect(res.statusCode, res.body).toBe(200);
    const sent = JSON.parse(fake.requests[0]!.body.toString()) as { prompt: string; subject: string; number_of_outputs: number };
    expect(sent.prompt).toBe('at the beach');
    expect(sent.number_of_outputs).toBe(4);
    expect(sent.subject.startsWith('data:image/png;base64,')).toBe(true);
    expect(sha256(Buffer.from(sent.subject.split(',')[1]!, 'base64'))).toBe(sha256(subject.data));
    const { urls } = res.json<{ urls: string[] }>();
    expect(urls).toHaveLength(4);
    for (const [i, url] of urls.entries()) {
      expect(await servedSha(ctx, user, url)).toBe(sha256(await fakePng(`/out/c${i}.png`)));
    }
  });

  it('turns an HTTP error into 502 with the service message', async () => {
    mode = 'error';
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED', MESSAGES.service.imageFailed);
    const subject = await uploadSubject(ctx, user);
    expectFailure(
      await generate(ctx, user, 'character', { prompt: 'x', subject: subject.url }),
      502,
      'CHARACTER_GENERATION_FAILED',
      MESSAGES.service.characterVariationFailed,
    );
  });

  it('turns malformed output into 502', async () => {
    mode = 'malformed';
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED');
  });

  it('refuses an output URL that does not hold an image, storing nothing', async () => {
    mode = 'not-an-image';
    const before = await ctx.database.db.selectFrom('files').select('id').execute();
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED');
    expect(fake.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(await ctx.database.db.selectFrom('files').select('id').execute()).toHaveLength(before.length);
  });

  it('gives up after the provider timeout', async () => {
    mode = 'slow';
    const started = Date.now();
    expectFailure(await generate(ctx, user, 'image', { prompt: 'x' }), 502, 'IMAGE_GENERATION_FAILED');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

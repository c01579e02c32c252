import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  type FakeServer,
  type RecordedRequest,
  fakePng,
  sendJson,
  startFakeServer,
} from '../../test/fake-http-server';
import { startJob, waitForJob } from '../../test/generation-jobs-kit';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../test/test-app';

const isCreate = (r: RecordedRequest) => r.method === 'POST' && r.url.endsWith('/predictions');
const isCancel = (r: RecordedRequest) => r.method === 'POST' && r.url.endsWith('/cancel');
const MODEL = 'black-forest-labs/flux-schnell';

/**
 * Replicate image predictions as jobs: what a vendor bills is each create, so a worker that stops
 * or dies mid-job must poll the prediction it made rather than make another.
 */
describe(`an image job across a server restart (${TEST_DIALECT})`, () => {
  let fake: FakeServer;
  /** Predictions stay `processing` until a test lets them finish. */
  let finish = false;
  let next = 0;
  const opened: TestContext[] = [];

  beforeAll(async () => {
    fake = await startFakeServer(async (req, res) => {
      if (req.url.startsWith('/out/')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return void res.end(await fakePng(req.url));
      }
      if (isCreate(req)) return sendJson(res, 201, { id: `pred${(next += 1)}`, status: 'starting' });
      const cancel = /^\/v1\/predictions\/(\w+)\/cancel$/.exec(req.url);
      if (cancel) return sendJson(res, 200, { id: cancel[1], status: 'canceled' });
      const id = /^\/v1\/predictions\/(\w+)$/.exec(req.url)?.[1];
      if (!id) return sendJson(res, 404, { detail: 'Not found' });
      if (!finish) return sendJson(res, 200, { id, status: 'processing', output: null });
      return sendJson(res, 200, { id, status: 'succeeded', output: [`${fake.url}/out/${id}.png`] });
    });
  });
  afterAll(async () => {
    for (const ctx of opened) await ctx.close();
    await fake.close();
  });

  const env = () => ({
    IMAGE_PROVIDER: 'replicate',
    REPLICATE_API_TOKEN: 'r8_test_token',
    REPLICATE_BASE_URL: `${fake.url}/v1`,
    REPLICATE_IMAGE_MODEL: MODEL,
    REPLICATE_POLL_INTERVAL_MS: '10',
    SHUTDOWN_GRACE_MS: '0',
    GENERATION_LEASE_MS: '1000',
  });

  /** A fresh app and user, with an image job waiting on its prediction. */
  async function startImageJob(prompt: string) {
    finish = false;
    fake.requests.length = 0;
    const app = await createTestApp(env());
    opened.push(app);
    const user = await signIn(app.app);
    const job = await startJob(app, user, { kind: 'image', prompt });
    await waitForJob(app, user, job.$id, 'running', { also: (j) => j.progress.phase === 'generating' });
    return { app, user, job };
  }

  it('polls the same prediction after a restart, paying for one', async () => {
    const { app, user, job } = await startImageJob('a lighthouse at dusk');

    // The first server stops mid-job: its worker hands the job back to the queue.
    await app.app.close();
    const second = await buildApp({ env: app.env, database: app.database, clock: app.clock });
    await second.ready();
    try {
      finish = true;
      const done = await waitForJob({ ...app, app: second }, user, job.$id, 'succeeded');
      expect(fake.requests.filter(isCreate)).toHaveLength(1);
      const polled = fake.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/v1/'));
      expect(new Set(polled.map((r) => r.url))).toEqual(new Set([`/v1/predictions/pred${next}`]));
      expect(done.outputs).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('cancels the prediction when the user cancels the job', async () => {
    const { app, user, job } = await startImageJob('a harbour at night');
    const res = await app.app.inject({
      method: 'POST',
      url: `/api/generations/${job.$id}/cancel`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(() => fake.requests.filter(isCancel).map((r) => r.url))
      .toEqual([`/v1/predictions/pred${next}/cancel`]);
    expect(fake.requests.filter(isCreate)).toHaveLength(1);
  });
});

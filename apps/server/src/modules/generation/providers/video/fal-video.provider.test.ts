import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeServer,
  type RecordedRequest,
  sendJson,
  startFakeServer,
} from '../../../../test/fake-http-server';
import { recordingRetry } from '../../../../test/retry-kit';
import { expectStatusAbortable, nextStep, subject, submitWaving } from '../../../../test/video-provider-kit';
import { ProviderError } from '../ports';
import { FalVideoProvider } from './fal-video.provider';

const KEY = 'fal-test-key';
const MODEL = 'fal-ai/wan/v2.2-5b/image-to-video';

/**
 * fal's queue API: POST {model} queues a request; status, result and cancel live under the app id
 * without the endpoint subpath (`fal-ai/wan/requests/{id}`, never under `…/image-to-video/…`).
 * Each request walks a script of statuses; the result is a video or an error answer.
 */
describe('fal video provider', () => {
  type Step = { code?: number; body: Record<string, unknown> };
  let fake: FakeServer;
  let script: Step[] = [];
  let result: Step;
  let responseHost: 'fake' | 'other' | 'none' = 'fake';
  let hangPolls = false;
  let submitError = false;
  let submitted = 0;
  const polls = new Map<string, number>();

  let retry = recordingRetry();
  const adapter = (model = MODEL) =>
    new FalVideoProvider({ key: KEY, baseUrl: `${fake.url}/`, model, retry: retry.policy });
  const isSubmit = (r: RecordedRequest) => r.method === 'POST';
  const isStatus = (r: RecordedRequest) => r.method === 'GET' && r.url.includes('/status');
  const isResult = (r: RecordedRequest) => r.method === 'GET' && !r.url.includes('/status');
  const never = new AbortController().signal;
  const requestUrls = (id: string) => {
    const host = responseHost === 'other' ? 'https://queue.fal.example' : fake.url;
    const path = `${host}/fal-ai/wan/requests/${id}`;
    return responseHost === 'none'
      ? {}
      : { response_url: path, status_url: `${path}/status`, cancel_url: `${path}/cancel` };
  };

  beforeAll(async () => {
    fake = await startFakeServer((req, res) => {
      if (req.headers.authorization !== `Key ${KEY}`) return sendJson(res, 401, { detail: 'Unauthorized' });
      // `fal-ai/wan-alias` stands for a model id fal serves from another app's queue.
      if (req.method === 'POST' && (req.url === `/${MODEL}` || req.url === '/fal-ai/wan-alias')) {
        if (submitError) return sendJson(res, 422, { detail: [{ msg: 'image_url is required' }] });
        const id = `req-${(submitted += 1)}`;
        return sendJson(res, 200, { request_id: id, ...requestUrls(id), queue_position: 0 });
      }
      const status = /^\/fal-ai\/wan\/requests\/([\w-]+)\/status\?logs=1$/.exec(req.url);
      if (req.method === 'GET' && status) {
        if (hangPolls) return;
        const step = nextStep(script, polls, status[1]!);
        return sendJson(res, step.code ?? 202, step.body);
      }
      if (req.method === 'GET' && /^\/fal-ai\/wan\/requests\/[\w-]+$/.test(req.url))
        return sendJson(res, result.code ?? 200, result.body);
      if (req.method === 'PUT' && /^\/fal-ai\/wan\/requests\/[\w-]+\/cancel$/.test(req.url))
        return sendJson(res, 202, { status: 'CANCELLATION_REQUESTED' });
      sendJson(res, 404, { detail: 'Not found' });
    });
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.clearFaults();
    retry = recordingRetry();
    polls.clear();
    submitted = 0;
    responseHost = 'fake';
    hangPolls = false;
    submitError = false;
    script = [
      { body: { status: 'IN_QUEUE', queue_position: 3 } },
      {
        body: {
          status: 'IN_PROGRESS',
          logs: [
            { message: 'Loading model', level: 'INFO', timestamp: '2025-01-01T00:00:00Z' },
            { message: ' 60%|██████    | 18/30 [00:20<00:13,  1.1s/it]', level: 'INFO', timestamp: 't' },
          ],
        },
      },
      { body: { status: 'IN_PROGRESS', logs: [] } },
      { code: 200, body: { status: 'COMPLETED', logs: [], metrics: { inference_time: 41.2 } } },
    ];
    result = { body: { video: { url: 'https://v3.fal.media/files/clip.mp4' }, seed: 7 } };
  });
  afterAll(() => fake.close());

  it('queues the request on the model, then follows it under the app id to the video', async () => {
    const provider = adapter();
    const id = await submitWaving(provider);
    expect(id).toBe('fal-ai/wan/requests/req-1');
    expect(JSON.parse(fake.requests[0]!.body.toString())).toEqual({
      prompt: 'she waves',
      image_url: 'https://cdn.example/a.png',
    });
    expect(await provider.status(id, never)).toEqual({ status: 'queued', queuePosition: 3 });
    expect(await provider.status(id, never)).toEqual({ status: 'running', percent: 60, etaSeconds: 13 });
    expect(await provider.status(id, never)).toEqual({ status: 'running', percent: null, etaSeconds: null });
    expect(await provider.status(id, never)).toEqual({
      status: 'succeeded',
      output: { kind: 'url', url: 'https://v3.fal.media/files/clip.mp4', details: { model: MODEL, seed: 7 } },
    });
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST /${MODEL}`,
      ...Array.from({ length: 4 }, () => 'GET /fal-ai/wan/requests/req-1/status?logs=1'),
      'GET /fal-ai/wan/requests/req-1',
    ]);
  });

  it('takes the request path from the answer, else derives it from the model', async () => {
    expect(await adapter('fal-ai/wan-alias').submit({ prompt: 'x', image: subject(null) }, never)).toBe(
      'fal-ai/wan/requests/req-1',
    );
    for (const host of ['none', 'other'] as const) {
      responseHost = host;
      const id = await adapter().submit({ prompt: 'x', image: subject(null) }, never);
      expect(id).toMatch(/^fal-ai\/wan\/requests\/req-\d$/);
      expect(await adapter().status(id, never)).toEqual({ status: 'queued', queuePosition: 3 });
    }
    expect(JSON.parse(fake.requests[0]!.body.toString()).image_url).toBe('data:image/png;base64,cG5n');
  });

  it('maps a failed request, an error result and a result without a video to failed', async () => {
    const provider = adapter();
    const id = await provider.submit({ prompt: 'x', image: subject(null) }, never);
    script = [
      {
        code: 200,
        body: { status: 'COMPLETED', error: 'Runner crashed', error_type: 'runner_disconnected' },
      },
    ];
    expect(await provider.status(id, never)).toEqual({ status: 'failed', reason: 'Runner crashed' });
    script = [{ code: 200, body: { status: 'COMPLETED' } }];
    result = { code: 422, body: { detail: [{ msg: 'Image could not be processed' }] } };
    expect(await provider.status(id, never)).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/HTTP 422.*Image could not be processed/),
    });
    result = { body: { images: [] } };
    expect(await provider.status(id, never)).toMatchObject({ status: 'failed' });
    expect(await provider.status('not-a-fal-job', never)).toMatchObject({ status: 'failed' });
  });

  it('rejects with a ProviderError on an unknown status, a server error and an HTTP error on submit', async () => {
    const provider = adapter();
    const id = await provider.submit({ prompt: 'x', image: subject(null) }, never);
    script = [{ body: { status: 'SOMETHING_NEW' } }];
    await expect(provider.status(id, never)).rejects.toBeInstanceOf(ProviderError);
    script = [{ code: 200, body: { status: 'COMPLETED' } }];
    result = { code: 503, body: { detail: 'busy' } };
    await expect(provider.status(id, never)).rejects.toBeInstanceOf(ProviderError);
    submitError = true;
    const submitting = provider.submit({ prompt: 'x', image: subject(null) }, never);
    await expect(submitting).rejects.toBeInstanceOf(ProviderError);
    await expect(submitting).rejects.toThrow(/HTTP 422/);
    await expect(
      new FalVideoProvider({ key: 'wrong', baseUrl: fake.url, model: MODEL, retry: retry.policy }).submit(
        { prompt: 'x', image: subject(null) },
        never,
      ),
    ).rejects.toThrow(/HTTP 401/);
  });

  it('submits again after two 503s, and the one request fal queued is the job', async () => {
    fake.fail(isSubmit, { status: 503 }, 2);
    expect(await adapter().submit({ prompt: 'x', image: subject(null) }, never)).toBe(
      'fal-ai/wan/requests/req-1',
    );
    expect(submitted).toBe(1);
    expect(fake.requests.filter(isSubmit)).toHaveLength(3);
    expect(retry.warnings.map((warning) => warning.status)).toEqual([503, 503]);
  });

  it('waits out a 429 for its Retry-After, and fails a 400 submit at once', async () => {
    fake.fail(isSubmit, { status: 429, retryAfter: '2' });
    await adapter().submit({ prompt: 'x', image: subject(null) }, never);
    expect(retry.waits[0]).toBeGreaterThanOrEqual(2000);
    fake.requests.length = 0;
    fake.fail(isSubmit, { status: 400 });
    await expect(adapter().submit({ prompt: 'x', image: subject(null) }, never)).rejects.toThrow(/HTTP 400/);
    expect(fake.requests).toHaveLength(1);
    expect(submitted).toBe(1);
  });

  it('rides out a 502 status, a dropped status and a 503 result on the same request, submitting once', async () => {
    const provider = adapter();
    const id = await provider.submit({ prompt: 'x', image: subject(null) }, never);
    script = [{ code: 200, body: { status: 'COMPLETED', logs: [] } }];
    fake.fail(isStatus, { status: 502 });
    fake.fail(isStatus, 'drop');
    fake.fail(isResult, { status: 503 });
    expect(await provider.status(id, never)).toMatchObject({
      status: 'succeeded',
      output: { url: 'https://v3.fal.media/files/clip.mp4' },
    });
    expect(fake.requests.filter(isStatus)).toHaveLength(3);
    expect(fake.requests.filter(isResult)).toHaveLength(2);
    expect(new Set(fake.requests.filter((r) => r.method === 'GET').map((r) => r.url.split('/')[4]))).toEqual(
      new Set(['req-1']),
    );
    expect(submitted).toBe(1);
  });

  it('cancels the request with a PUT under the app id', async () => {
    const provider = adapter();
    const id = await provider.submit({ prompt: 'x', image: subject(null) }, never);
    await provider.cancel(id);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', url: '/fal-ai/wan/requests/req-1/cancel' });
  });

  it('lets a new instance given only the job id poll it to the end, even after the model changed', async () => {
    const id = await adapter().submit({ prompt: 'x', image: subject(null) }, never);
    const restarted = adapter('fal-ai/kling-video/v2/image-to-video');
    let state = await restarted.status(id, never);
    while (state.status !== 'succeeded') state = await restarted.status(id, never);
    expect(state).toMatchObject({ output: { url: 'https://v3.fal.media/files/clip.mp4' } });
    expect(submitted).toBe(1);
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('aborts a status request that is in flight when the signal aborts', () =>
    expectStatusAbortable(adapter(), fake, () => {
      hangPolls = true;
    }));
});

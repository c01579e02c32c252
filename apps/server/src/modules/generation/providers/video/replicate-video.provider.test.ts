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
import { ReplicateVideoProvider } from './replicate-video.provider';

const TOKEN = 'r8_video_token';

/**
 * Replicate's predictions API: POST creates a prediction (201, `starting`), GET answers its state
 * (logs grow while it is `processing`), POST …/cancel cancels it. Each prediction walks a script.
 */
describe('replicate video provider', () => {
  type Step = Record<string, unknown>;
  let fake: FakeServer;
  let script: Step[] = [];
  let hangPolls = false;
  let createError = false;
  const created: string[] = [];
  const polls = new Map<string, number>();

  let retry = recordingRetry();

  const MODEL = 'wan-video/wan-2.2-i2v-fast';
  const adapter = (model = MODEL) =>
    new ReplicateVideoProvider({ token: TOKEN, baseUrl: `${fake.url}/v1`, model, retry: retry.policy });
  const isCreate = (r: RecordedRequest) => r.method === 'POST' && !r.url.endsWith('/cancel');
  const isPoll = (r: RecordedRequest) => r.method === 'GET';
  const never = new AbortController().signal;

  beforeAll(async () => {
    fake = await startFakeServer((req, res) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return sendJson(res, 401, { detail: 'no' });
      if (req.method === 'POST' && /^\/v1\/(models\/[^/]+\/[^/]+\/predictions|predictions)$/.test(req.url)) {
        if (createError) return sendJson(res, 422, { title: 'Invalid input', detail: 'image is required' });
        const id = `vid${created.length + 1}`;
        created.push(id);
        return sendJson(res, 201, { id, status: 'starting', output: null, error: null, logs: '' });
      }
      const cancel = /^\/v1\/predictions\/(\w+)\/cancel$/.exec(req.url);
      if (req.method === 'POST' && cancel)
        return sendJson(res, 200, { id: cancel[1], status: 'canceled', output: null, error: null });
      const got = /^\/v1\/predictions\/(\w+)$/.exec(req.url);
      if (req.method === 'GET' && got && created.includes(got[1]!)) {
        if (hangPolls) return;
        const step = nextStep(script, polls, got[1]!);
        return sendJson(res, 200, { id: got[1], output: null, error: null, logs: '', ...step });
      }
      sendJson(res, 404, { detail: 'Not found' });
    });
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.clearFaults();
    retry = recordingRetry();
    created.length = 0;
    polls.clear();
    hangPolls = false;
    createError = false;
    script = [
      { status: 'starting' },
      { status: 'processing', logs: 'loading\n 45%|████▌     | 9/20 [00:10<00:12,  1.10s/it]' },
      { status: 'succeeded', output: `${fake.url}/out/clip.mp4` },
    ];
  });
  afterAll(() => fake.close());

  it('creates a prediction without waiting, then maps each poll until the clip URL', async () => {
    const provider = adapter();
    const id = await submitWaving(provider);
    expect(id).toBe('vid1');
    const create = fake.requests[0]!;
    expect(create.url).toBe('/v1/models/wan-video/wan-2.2-i2v-fast/predictions');
    expect(create.headers.prefer).toBeUndefined();
    expect(JSON.parse(create.body.toString())).toEqual({
      input: { prompt: 'she waves', image: 'https://cdn.example/a.png' },
    });
    expect(await provider.status(id, never)).toEqual({ status: 'queued', queuePosition: null });
    expect(await provider.status(id, never)).toEqual({ status: 'running', percent: 45, etaSeconds: 12 });
    expect(await provider.status(id, never)).toEqual({
      status: 'succeeded',
      output: { kind: 'url', url: `${fake.url}/out/clip.mp4`, details: { model: MODEL } },
    });
  });

  it('runs a model version with the image as a data URI and never uploads a file', async () => {
    const id = await adapter('someone/wan-i2v:5a2b9c').submit(
      { prompt: 'turns around', image: subject(null) },
      never,
    );
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v1/predictions']);
    expect(JSON.parse(fake.requests[0]!.body.toString())).toEqual({
      version: '5a2b9c',
      input: { prompt: 'turns around', image: 'data:image/png;base64,cG5n' },
    });
    expect(id).toBe('vid1');
  });

  it('takes the first URL of an array output and maps a processing poll without logs', async () => {
    const provider = adapter();
    const id = await provider.submit({ prompt: 'x', image: subject(null) }, never);
    script = [
      { status: 'processing', logs: null },
      {
        status: 'succeeded',
        output: ['https://replicate.delivery/a.mp4', 'https://replicate.delivery/b.mp4'],
      },
    ];
    expect(await provider.status(id, never)).toEqual({ status: 'running', percent: null, etaSeconds: null });
    expect(await provider.status(id, never)).toEqual({
      status: 'succeeded',
      output: { kind: 'url', url: 'https://replicate.delivery/a.mp4', details: { model: MODEL } },
    });
  });

  it('maps failed, canceled, aborted and URL-less predictions', async () => {
    const provider = adapter();
    const id = await provider.submit({ prompt: 'x', image: subject(null) }, never);
    const once = async (step: Step) => {
      script = [step];
      polls.clear();
      return provider.status(id, never);
    };
    expect(await once({ status: 'failed', error: 'CUDA out of memory' })).toEqual({
      status: 'failed',
      reason: 'CUDA out of memory',
    });
    expect(await once({ status: 'canceled' })).toEqual({ status: 'cancelled' });
    expect(await once({ status: 'aborted' })).toMatchObject({ status: 'failed' });
    expect(await once({ status: 'succeeded', output: { weird: true } })).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/no video URL/),
    });
    await expect(once({ status: 'exploded' })).rejects.toBeInstanceOf(ProviderError);
  });

  it('rejects with a ProviderError when the create call answers an HTTP error', async () => {
    createError = true;
    const submitting = adapter().submit({ prompt: 'x', image: subject(null) }, never);
    await expect(submitting).rejects.toBeInstanceOf(ProviderError);
    await expect(submitting).rejects.toThrow(/HTTP 422/);
    expect(created).toHaveLength(0);
  });

  it('creates again after two 503s, and the one prediction Replicate accepted is the job', async () => {
    fake.fail(isCreate, { status: 503 }, 2);
    const id = await adapter().submit({ prompt: 'x', image: subject(null) }, never);
    expect(id).toBe('vid1');
    expect(created).toEqual(['vid1']);
    expect(fake.requests.filter(isCreate)).toHaveLength(3);
    expect(retry.warnings).toEqual([
      expect.objectContaining({ vendor: 'Replicate', status: 503, attempt: 1 }),
      expect.objectContaining({ vendor: 'Replicate', status: 503, attempt: 2 }),
    ]);
  });

  it('waits out a 429 for its Retry-After before it creates again', async () => {
    fake.fail(isCreate, { status: 429, retryAfter: '1' });
    expect(await adapter().submit({ prompt: 'x', image: subject(null) }, never)).toBe('vid1');
    expect(retry.waits).toHaveLength(1);
    expect(retry.waits[0]).toBeGreaterThanOrEqual(1000);
    expect(created).toEqual(['vid1']);
  });

  it('creates again when the connection dropped before any answer', async () => {
    fake.fail(isCreate, 'drop');
    expect(await adapter().submit({ prompt: 'x', image: subject(null) }, never)).toBe('vid1');
    expect(fake.requests.filter(isCreate)).toHaveLength(2);
    expect(created).toEqual(['vid1']);
  });

  it('fails at once on a 400, having sent the create once', async () => {
    fake.fail(isCreate, { status: 400 });
    await expect(adapter().submit({ prompt: 'x', image: subject(null) }, never)).rejects.toThrow(/HTTP 400/);
    expect(fake.requests).toHaveLength(1);
    expect(retry.waits).toEqual([]);
  });

  it('polls the same prediction again after a 502, and never creates another', async () => {
    const provider = adapter();
    const id = await provider.submit({ prompt: 'x', image: subject(null) }, never);
    fake.fail(isPoll, { status: 502 });
    expect(await provider.status(id, never)).toEqual({ status: 'queued', queuePosition: null });
    expect(fake.requests.filter(isPoll).map((r) => r.url)).toEqual([
      `/v1/predictions/${id}`,
      `/v1/predictions/${id}`,
    ]);
    expect(fake.requests.filter(isCreate)).toHaveLength(1);
  });

  it('cancels the prediction on Replicate', async () => {
    const provider = adapter();
    const id = await provider.submit({ prompt: 'x', image: subject(null) }, never);
    await provider.cancel(id);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', url: `/v1/predictions/${id}/cancel` });
  });

  it('lets a new instance given only the prediction id poll it to the end, creating nothing', async () => {
    const id = await adapter().submit({ prompt: 'x', image: subject(null) }, never);
    const restarted = adapter();
    let state = await restarted.status(id, never);
    while (state.status !== 'succeeded') state = await restarted.status(id, never);
    expect(state).toMatchObject({ output: { kind: 'url', url: `${fake.url}/out/clip.mp4` } });
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('aborts a status request that is in flight when the signal aborts', () =>
    expectStatusAbortable(adapter(), fake, () => {
      hangPolls = true;
    }));
});

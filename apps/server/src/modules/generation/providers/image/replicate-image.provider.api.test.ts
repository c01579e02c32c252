import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@baegen/shared';
import { type RecordedRequest, fakePng, sendJson } from '../../../../test/fake-http-server';
import { expectFailure } from '../../../../test/generation-kit';
import { recordingRetry } from '../../../../test/retry-kit';
import { useProviderHarness } from '../../../../test/provider-test-harness';
import { TEST_DIALECT } from '../../../../test/test-app';
import { ReplicateImageProvider, replicateCapabilities } from './replicate-image.provider';

const isCreate = (r: RecordedRequest) => r.method === 'POST' && r.url.endsWith('/predictions');
const isPoll = (r: RecordedRequest) => r.method === 'GET' && r.url.startsWith('/v1/predictions/');
const isDownload = (r: RecordedRequest) => r.url.startsWith('/out/');
/** A diffusion model's step bar as Replicate relays it in a prediction's logs. */
const STEP_LOG = 'Using seed: 42\n 45%|████▌     | 9/20 [00:10<00:12,  1.10s/it]';

/** Replicate's HTTP API: create a prediction, poll GET /predictions/:id until it settles. */
describe(`replicate image provider (${TEST_DIALECT})`, () => {
  const polls = new Map<string, number>();
  const outputs = new Map<string, number>();
  let next = 0;

  const h = useProviderHarness<'error' | 'malformed' | 'failed' | 'slow'>({
    env: (url) => ({
      IMAGE_PROVIDER: 'replicate',
      REPLICATE_API_TOKEN: 'r8_test_token',
      REPLICATE_BASE_URL: `${url}/v1`,
      REPLICATE_CHARACTER_MODEL: 'fofr/consistent-character:9c77a3c2',
      REPLICATE_POLL_INTERVAL_MS: '20',
    }),
    vendor: async (req, res, { mode, url }) => {
      if (req.url.startsWith('/out/')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return void res.end(await fakePng(req.url));
      }
      if (req.headers.authorization !== 'Bearer r8_test_token')
        return sendJson(res, 401, { detail: 'Unauthenticated' });
      const created = /^\/v1\/(models\/[^/]+\/[^/]+\/predictions|predictions)$/.exec(req.url);
      if (req.method === 'POST' && created) {
        if (mode === 'error')
          return sendJson(res, 422, { title: 'Invalid input', detail: 'prompt is required' });
        const body = JSON.parse(req.body.toString()) as {
          input: { number_of_outputs?: number; num_outputs?: number };
        };
        const id = `pred${(next += 1)}`;
        polls.set(id, 0);
        outputs.set(id, body.input.number_of_outputs ?? body.input.num_outputs ?? 1);
        return sendJson(res, 201, { id, status: 'starting', output: null, error: null });
      }
      const cancel = /^\/v1\/predictions\/(\w+)\/cancel$/.exec(req.url);
      if (req.method === 'POST' && cancel) return sendJson(res, 200, { id: cancel[1], status: 'canceled' });
      const got = /^\/v1\/predictions\/(\w+)$/.exec(req.url);
      if (req.method === 'GET' && got) {
        const id = got[1]!;
        const count = (polls.get(id) ?? 0) + 1;
        polls.set(id, count);
        if (mode === 'slow' || count < 2)
          return sendJson(res, 200, { id, status: 'processing', output: null, logs: STEP_LOG });
        if (mode === 'failed')
          return sendJson(res, 200, { id, status: 'failed', error: 'CUDA out of memory' });
        if (mode === 'malformed')
          return sendJson(res, 200, { id, status: 'succeeded', output: { weird: true } });
        const urls = Array.from({ length: outputs.get(id)! }, (_, i) => `${url}/out/${id}-${i}.png`);
        return sendJson(res, 200, { id, status: 'succeeded', output: urls });
      }
      sendJson(res, 404, { detail: 'Not found' });
    },
  });

  it('reports the model with each output, for the provenance of the media saved from it', async () => {
    const provider = new ReplicateImageProvider({
      token: 'r8_test_token',
      baseUrl: `${h.fake.url}/v1`,
      imageModel: 'black-forest-labs/flux-schnell',
      characterModel: 'fofr/consistent-character:9c77a3c2',
      pollIntervalMs: 20,
      retry: recordingRetry().policy,
    });
    const outputs = await provider.generate('a lighthouse at dusk', AbortSignal.timeout(5000));
    expect(outputs.map((output) => output.details)).toEqual([{ model: 'black-forest-labs/flux-schnell' }]);
  });

  describe('options', () => {
    const provider = () =>
      new ReplicateImageProvider({
        token: 'r8_test_token',
        baseUrl: `${h.fake.url}/v1`,
        imageModel: 'black-forest-labs/flux-schnell',
        characterModel: 'fofr/consistent-character:9c77a3c2',
        pollIntervalMs: 20,
        retry: recordingRetry().policy,
      });
    const lastInput = () =>
      (JSON.parse(h.fake.requests.filter(isCreate).at(-1)!.body.toString()) as { input: unknown }).input;

    it('sends FLUX the count as num_outputs and the aspect ratio as aspect_ratio', async () => {
      const outputs = await provider().generate('a fox', AbortSignal.timeout(5000), {
        outputs: 2,
        aspectRatio: 'landscape',
      });
      expect(outputs).toHaveLength(2);
      expect(lastInput()).toEqual({
        prompt: 'a fox',
        num_outputs: 2,
        aspect_ratio: '4:3',
        output_format: 'png',
      });
    });

    it('sends consistent-character the negative prompt as negative_prompt', async () => {
      const subject = {
        publicUrl: 'https://cdn.example/subject.png',
        key: 'subject',
        bytes: () => Promise.reject(new Error('not needed')),
        dataUri: () => Promise.reject(new Error('not needed')),
      };
      await provider().generateCharacter('in a cafe', subject, 2, AbortSignal.timeout(5000), {
        negativePrompt: 'blurry',
      });
      expect(lastInput()).toEqual({
        prompt: 'in a cafe',
        subject: 'https://cdn.example/subject.png',
        number_of_outputs: 2,
        output_format: 'png',
        negative_prompt: 'blurry',
      });
    });

    it('reads the step bar of a running prediction as its progress', async () => {
      const jobs = provider().jobs;
      const id = await jobs.submit({ prompt: 'a fox', subject: null, outputs: 1 }, AbortSignal.timeout(5000));
      expect(await jobs.status(id, AbortSignal.timeout(5000))).toEqual({
        status: 'running',
        percent: 45,
        etaSeconds: 12,
      });
    });

    it('declares what the configured models take, and no more for a model it does not know', () => {
      const { image, character } = provider().capabilities;
      expect(image).toMatchObject({ outputs: { min: 1, max: 4 }, negativePrompt: false });
      expect(image.aspectRatios).toEqual(['portrait', 'square', 'landscape']);
      expect(character).toMatchObject({ aspectRatios: [], negativePrompt: true });
      const unknown = replicateCapabilities('someone/other-model', 'someone/other-character');
      expect(unknown.image).toMatchObject({
        outputs: { min: 1, max: 1 },
        aspectRatios: [],
        negativePrompt: false,
      });
      expect(unknown.character.negativePrompt).toBe(false);
    });
  });

  it('creates a text-to-image prediction on the model, polls it and stores the output', async () => {
    const res = await h.generate('image', { prompt: 'a lighthouse at dusk' });
    expect(res.statusCode, res.body).toBe(200);
    const create = h.fake.requests[0]!;
    expect(create.url).toBe('/v1/models/black-forest-labs/flux-schnell/predictions');
    expect(JSON.parse(create.body.toString()).input).toMatchObject({ prompt: 'a lighthouse at dusk' });
    const id = [...polls.keys()].at(-1)!;
    expect(polls.get(id)).toBeGreaterThanOrEqual(2);
    await h.expectStored(res, [`/out/${id}-0.png`]);
  });

  it('runs the character model version with the subject as a data URI', async () => {
    const { subject, res } = await h.varySubject('in a cafe', 3);
    const create = h.fake.requests[0]!;
    expect(create.url).toBe('/v1/predictions');
    const body = JSON.parse(create.body.toString()) as { version: string; input: Record<string, unknown> };
    expect(body.version).toBe('9c77a3c2');
    expect(body.input).toMatchObject({ prompt: 'in a cafe', number_of_outputs: 3 });
    expect(body.input.subject).toBe(`data:image/png;base64,${subject.data.toString('base64')}`);
    const id = [...polls.keys()].at(-1)!;
    await h.expectStored(
      res,
      [0, 1, 2].map((i) => `/out/${id}-${i}.png`),
    );
  });

  it('turns an HTTP error and a failed prediction into 502', async () => {
    await h.failsWith('error', 'image');
    await h.failsWith('failed', 'image');
  });

  it('turns malformed output into 502', () => h.failsWith('malformed', 'character'));

  it('rides out a 503 create, a 502 poll and a 503 download, paying for one prediction', async () => {
    const before = next;
    h.fake.fail(isCreate, { status: 503 }, 2);
    h.fake.fail(isPoll, { status: 502 });
    h.fake.fail(isDownload, { status: 503 });
    const res = await h.generate('image', { prompt: 'a lighthouse at dusk' });
    const id = `pred${before + 1}`;
    await h.expectStored(res, [`/out/${id}-0.png`]);
    expect(next - before).toBe(1);
    expect(h.fake.requests.filter(isCreate)).toHaveLength(3);
    expect(new Set(h.fake.requests.filter(isPoll).map((r) => r.url))).toEqual(
      new Set([`/v1/predictions/${id}`]),
    );
    expect(h.fake.requests.filter(isDownload)).toHaveLength(2);
  });

  it('fails at once on a 400 create, having sent it once', async () => {
    h.fake.fail(isCreate, { status: 400 });
    const res = await h.generate('image', { prompt: 'a lighthouse at dusk' });
    expectFailure(res, 502, 'IMAGE_GENERATION_FAILED', MESSAGES.service.imageFailed);
    expect(h.fake.requests).toHaveLength(1);
  });

  it('gives up on a prediction that never settles and cancels it', async () => {
    await h.failsWith('slow', 'image');
    await vi.waitFor(() => expect(h.fake.requests.some((r) => /\/cancel$/.test(r.url))).toBe(true), {
      timeout: 5000,
    });
  });
});

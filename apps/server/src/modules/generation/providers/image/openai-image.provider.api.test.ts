import { describe, expect, it } from 'vitest';
import { fakePng, sendJson } from '../../../../test/fake-http-server';
import { recordingRetry } from '../../../../test/retry-kit';
import { useProviderHarness } from '../../../../test/provider-test-harness';
import { TEST_DIALECT } from '../../../../test/test-app';
import { OpenAiImageProvider } from './openai-image.provider';

/** OpenAI images API: /images/generations (JSON) and /images/edits (multipart), b64_json or url. */
describe(`openai image provider (${TEST_DIALECT})`, () => {
  const h = useProviderHarness<'error' | 'malformed' | 'slow'>({
    env: (url) => ({
      IMAGE_PROVIDER: 'openai',
      OPENAI_IMAGE_API_KEY: 'sk-test',
      OPENAI_IMAGE_BASE_URL: `${url}/v1`,
    }),
    vendor: async (req, res, { mode, url }) => {
      if (req.method === 'GET' && req.url.startsWith('/out/')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return void res.end(await fakePng(req.url));
      }
      if (req.headers.authorization !== 'Bearer sk-test') {
        return sendJson(res, 401, { error: { message: 'Incorrect API key', type: 'invalid_request_error' } });
      }
      if (mode === 'slow') return;
      if (mode === 'error') {
        return sendJson(res, 400, {
          error: { message: 'Your request was rejected', type: 'image_generation_user_error' },
        });
      }
      if (mode === 'malformed')
        return sendJson(res, 200, { created: 1, data: [{ revised_prompt: 'no image here' }] });
      if (req.url === '/v1/images/generations') {
        const body = JSON.parse(req.body.toString()) as { n: number };
        const data = await Promise.all(
          Array.from({ length: body.n }, async (_, i) => ({
            b64_json: (await fakePng(`gen-${i}`)).toString('base64'),
          })),
        );
        return sendJson(res, 200, { created: 1, data });
      }
      if (req.url === '/v1/images/edits') {
        const n = Number(/name="n"\r\n\r\n(\d+)/.exec(req.body.toString('latin1'))?.[1] ?? 1);
        const data = await Promise.all(
          Array.from({ length: n }, async (_, i) =>
            i % 2 === 0
              ? { url: `${url}/out/edit-${i}.png` }
              : { b64_json: (await fakePng(`edit-${i}`)).toString('base64') },
          ),
        );
        return sendJson(res, 200, { created: 1, data });
      }
      sendJson(res, 404, { error: { message: 'Unknown route' } });
    },
  });

  it('reports the model with each output, for the provenance of the media saved from it', async () => {
    const provider = new OpenAiImageProvider({
      apiKey: 'sk-test',
      baseURL: `${h.fake.url}/v1`,
      model: 'gpt-image-1',
      size: '1024x1024',
      timeoutMs: 2000,
      retry: recordingRetry().policy,
    });
    const outputs = await provider.generate('a red fox in snow', AbortSignal.timeout(5000));
    expect(outputs.map((output) => output.details)).toEqual([{ model: 'gpt-image-1' }]);
  });

  it('asks for the count and the size of the aspect ratio on the model, and offers no negative prompt', async () => {
    const provider = (model: string) =>
      new OpenAiImageProvider({
        apiKey: 'sk-test',
        baseURL: `${h.fake.url}/v1`,
        model,
        size: '1024x1024',
        timeoutMs: 2000,
        retry: recordingRetry().policy,
      });
    const sent = () => JSON.parse(h.fake.requests.at(-1)!.body.toString()) as { n: number; size: string };
    const two = await provider('gpt-image-1').generate('a fox', AbortSignal.timeout(5000), {
      outputs: 2,
      aspectRatio: 'landscape',
    });
    expect(two).toHaveLength(2);
    expect(sent()).toMatchObject({ n: 2, size: '1536x1024' });
    await provider('dall-e-3').generate('a fox', AbortSignal.timeout(5000), { aspectRatio: 'portrait' });
    expect(sent()).toMatchObject({ n: 1, size: '1024x1792' });
    expect(provider('gpt-image-1').capabilities.character.negativePrompt).toBe(false);
    expect(provider('dall-e-2').capabilities.image.aspectRatios).toEqual([]);
  });

  it('generates with the configured model and stores the b64_json image', async () => {
    const res = await h.generate('image', { prompt: 'a red fox in snow' });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(h.fake.requests[0]!.body.toString())).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'a red fox in snow',
      n: 1,
      size: '1024x1536',
    });
    await h.expectStored(res, ['gen-0']);
  });

  it('edits the subject into variations, accepting both url and b64_json items', async () => {
    const { subject, res } = await h.varySubject('in a garden');
    const edit = h.fake.requests.find((r) => r.url === '/v1/images/edits')!;
    expect(edit.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(edit.body.includes(subject.data)).toBe(true);
    expect(edit.body.toString('latin1')).toContain('in a garden');
    await h.expectStored(res, ['/out/edit-0.png', 'edit-1', '/out/edit-2.png', 'edit-3']);
  });

  it('turns a 400 into 502 at once, having asked once', async () => {
    await h.failsWith('error', 'image');
    expect(h.fake.requests).toHaveLength(1);
  });

  it('generates again after a 429 and a 503, and stores the one answer', async () => {
    h.fake.fail((r) => r.url === '/v1/images/generations', { status: 429 });
    h.fake.fail((r) => r.url === '/v1/images/generations', { status: 503 });
    const res = await h.generate('image', { prompt: 'a red fox in snow' });
    await h.expectStored(res, ['gen-0']);
    expect(h.fake.requests.map((r) => r.url)).toEqual(Array(3).fill('/v1/images/generations'));
  });

  it('sends the multipart edit again, subject and all, after a dropped connection', async () => {
    h.fake.fail((r) => r.url === '/v1/images/edits', 'drop');
    const { subject } = await h.varySubject('in a garden');
    const edits = h.fake.requests.filter((r) => r.url === '/v1/images/edits');
    expect(edits).toHaveLength(2);
    for (const edit of edits) expect(edit.body.includes(subject.data)).toBe(true);
  });

  it('turns an item without image data into 502', () => h.failsWith('malformed', 'character'));

  it('gives up after the provider timeout', () => h.failsWith('slow', 'image'));
});

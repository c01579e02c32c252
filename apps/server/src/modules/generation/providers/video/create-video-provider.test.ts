import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../../config/env';
import { type FakeServer, sendJson, startFakeServer } from '../../../../test/fake-http-server';
import { recordingRetry } from '../../../../test/retry-kit';
import { createVideoProvider } from './create-video-provider';
import { DemoVideoProvider } from './demo-video.provider';
import { FalVideoProvider } from './fal-video.provider';
import { ReplicateVideoProvider } from './replicate-video.provider';

describe('createVideoProvider', () => {
  let fake: FakeServer;
  let now = 0;
  const deps = {
    clock: () => new Date(now),
    clipPath: '/nonexistent/clip.mp4',
    retry: recordingRetry().policy,
  };
  const never = new AbortController().signal;
  const image = {
    publicUrl: 'https://cdn.example/a.png',
    key: 'k',
    bytes: async () => ({ data: Buffer.alloc(0), mimeType: 'image/png' }),
    dataUri: async () => 'data:,',
  };

  beforeAll(async () => {
    fake = await startFakeServer((req, res) =>
      req.url.startsWith('/v1/')
        ? sendJson(res, 201, { id: 'pred1', status: 'starting', output: null, error: null })
        : sendJson(res, 200, { request_id: 'r1' }),
    );
  });
  afterAll(() => fake.close());

  it('answers the demo adapter by default, taking 3 s unless DEMO_DELAY_MS says otherwise', async () => {
    const provider = createVideoProvider(loadEnv({}), deps);
    expect(provider).toBeInstanceOf(DemoVideoProvider);
    now = 1_000;
    const id = await provider.submit({ prompt: 'x', image }, never);
    now = 2_500;
    expect(await provider.status(id, never)).toMatchObject({ status: 'running', percent: 50 });
    const quick = createVideoProvider(loadEnv({ DEMO_DELAY_MS: '1000' }), deps);
    now = 1_000;
    const quickId = await quick.submit({ prompt: 'x', image }, never);
    now = 1_500;
    expect(await quick.status(quickId, never)).toMatchObject({ status: 'running', percent: 50 });
  });

  it('answers the Replicate adapter configured from the environment', async () => {
    const provider = createVideoProvider(
      loadEnv({
        VIDEO_PROVIDER: 'replicate',
        REPLICATE_API_TOKEN: 'r8_env',
        REPLICATE_BASE_URL: `${fake.url}/v1`,
        REPLICATE_VIDEO_MODEL: 'someone/i2v',
      }),
      deps,
    );
    expect(provider).toBeInstanceOf(ReplicateVideoProvider);
    await provider.submit({ prompt: 'x', image }, never);
    expect(fake.requests.at(-1)).toMatchObject({
      url: '/v1/models/someone/i2v/predictions',
      headers: { authorization: 'Bearer r8_env' },
    });
  });

  it('answers the fal adapter configured from the environment', async () => {
    const provider = createVideoProvider(
      loadEnv({ VIDEO_PROVIDER: 'fal', FAL_KEY: 'fal_env', FAL_BASE_URL: fake.url }),
      deps,
    );
    expect(provider).toBeInstanceOf(FalVideoProvider);
    expect(await provider.submit({ prompt: 'x', image }, never)).toBe('fal-ai/wan-i2v/requests/r1');
    expect(fake.requests.at(-1)).toMatchObject({
      url: '/fal-ai/wan-i2v',
      headers: { authorization: 'Key fal_env' },
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@baegen/shared';
import { type FakeServer, sendJson, startFakeServer } from '../../../../test/fake-http-server';
import { expectFailure, generate } from '../../../../test/generation-kit';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../../../test/test-app';
import { OpenAiPromptProvider } from './openai-prompt.provider';

const completion = (content: unknown) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4.1-mini',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

/** OpenAI-compatible chat completions: POST /chat/completions, reply in choices[0].message.content. */
describe(`openai prompt provider (${TEST_DIALECT})`, () => {
  let mode: 'ok' | 'error' | 'malformed' | 'slow' = 'ok';
  let fake: FakeServer;
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    fake = await startFakeServer((req, res) => {
      if (mode === 'slow') return;
      if (mode === 'error') return sendJson(res, 503, { error: { message: 'Overloaded', type: 'server_error' } });
      if (mode === 'malformed') return sendJson(res, 200, completion(null));
      sendJson(res, 200, completion('  Portrait of a tall adult woman with auburn hair, soft light.  '));
    });
    ctx = await createTestApp({
      PROMPT_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${fake.url}/v1`,
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

  it('asks the model for a detailed safe-for-work prompt and answers the first choice', async () => {
    const res = await generate(ctx, user, 'prompt', { appearance: 'tall, auburn hair' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ prompt: 'Portrait of a tall adult woman with auburn hair, soft light.' });
    const request = fake.requests[0]!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.headers['x-title']).toBeUndefined();
    const body = JSON.parse(request.body.toString()) as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('gpt-4.1-mini');
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]!.role).toBe('user');
    expect(body.messages[0]!.content).toMatch(/detailed prompt for an AI image generator/);
    expect(body.messages[0]!.content).toMatch(/safe for work/);
    expect(body.messages[0]!.content).toMatch(/tall, auburn hair$/);
  });

  it('turns an HTTP error, an empty reply and a timeout into 502', async () => {
    for (const failing of ['error', 'malformed', 'slow'] as const) {
      mode = failing;
      expectFailure(
        await generate(ctx, user, 'prompt', { appearance: 'short hair' }),
        502,
        'PROMPT_IMPROVEMENT_FAILED',
        MESSAGES.service.promptFailed,
      );
    }
  });

  it('sends HTTP-Referer and X-Title when the base URL is OpenRouter', async () => {
    const provider = new OpenAiPromptProvider({
      apiKey: 'sk-or-test',
      baseURL: 'https://openrouter.ai/api/v1',
      model: 'openai/gpt-4.1-mini',
      timeoutMs: 2000,
      referer: 'https://baegen.example',
      title: 'BaeGen',
      // Same request, delivered to the local server instead of openrouter.ai.
      fetch: (input, init) => fetch(String(input instanceof Request ? input.url : input).replace('https://openrouter.ai', fake.url), init),
    });
    await expect(provider.improve('green eyes', AbortSignal.timeout(2000))).resolves.toMatch(/^Portrait/);
    const request = fake.requests[0]!;
    expect(request.url).toBe('/api/v1/chat/completions');
    expect(request.headers['http-referer']).toBe('https://baegen.example');
    expect(request.headers['x-title']).toBe('BaeGen');
  });
});

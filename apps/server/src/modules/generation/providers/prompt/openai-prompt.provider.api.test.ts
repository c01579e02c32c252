import { describe, expect, it } from 'vitest';
import { sendJson } from '../../../../test/fake-http-server';
import { recordingRetry } from '../../../../test/retry-kit';
import { useProviderHarness } from '../../../../test/provider-test-harness';
import { TEST_DIALECT } from '../../../../test/test-app';
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
  const h = useProviderHarness<'error' | 'malformed' | 'slow'>({
    env: (url) => ({ PROMPT_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${url}/v1` }),
    vendor: (_req, res, { mode }) => {
      if (mode === 'slow') return;
      if (mode === 'error')
        return sendJson(res, 503, { error: { message: 'Overloaded', type: 'server_error' } });
      if (mode === 'malformed') return sendJson(res, 200, completion(null));
      sendJson(res, 200, completion('  Portrait of a tall adult woman with auburn hair, soft light.  '));
    },
  });

  it('asks the model for a detailed safe-for-work prompt and answers the first choice', async () => {
    const res = await h.generate('prompt', { appearance: 'tall, auburn hair' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ prompt: 'Portrait of a tall adult woman with auburn hair, soft light.' });
    const request = h.fake.requests[0]!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.headers['x-title']).toBeUndefined();
    const body = JSON.parse(request.body.toString()) as {
      model: string;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('gpt-4.1-mini');
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]!.role).toBe('user');
    expect(body.messages[0]!.content).toMatch(/detailed prompt for an AI image generator/);
    expect(body.messages[0]!.content).toMatch(/safe for work/);
    expect(body.messages[0]!.content).toMatch(/tall, auburn hair$/);
  });

  it('turns an HTTP error, an empty reply and a timeout into 502', async () => {
    for (const failing of ['error', 'malformed', 'slow'] as const) {
      await h.failsWith(failing, 'prompt');
    }
  });

  it('retries a 503 still standing until its budget is spent', async () => {
    await h.failsAfterRetries('error', 'prompt');
  });

  it('asks again after two 503s and answers the reply', async () => {
    const res = await h.generateAfterTwo503s('prompt', { appearance: 'tall, auburn hair' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ prompt: 'Portrait of a tall adult woman with auburn hair, soft light.' });
  });

  it('sends HTTP-Referer and X-Title when the base URL is OpenRouter', async () => {
    const provider = new OpenAiPromptProvider({
      apiKey: 'sk-or-test',
      baseURL: 'https://openrouter.ai/api/v1',
      model: 'openai/gpt-4.1-mini',
      timeoutMs: 10_000,
      referer: 'https://baegen.example',
      title: 'BaeGen',
      retry: recordingRetry().policy,
      // Same request, delivered to the local server instead of openrouter.ai.
      fetch: (input, init) =>
        fetch(
          String(input instanceof Request ? input.url : input).replace('https://openrouter.ai', h.fake.url),
          init,
        ),
    });
    await expect(provider.improve('green eyes', AbortSignal.timeout(10_000))).resolves.toMatch(/^Portrait/);
    const request = h.fake.requests[0]!;
    expect(request.url).toBe('/api/v1/chat/completions');
    expect(request.headers['http-referer']).toBe('https://baegen.example');
    expect(request.headers['x-title']).toBe('BaeGen');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../../config/env';
import { type FakeServer, startFakeServer } from '../../../test/fake-http-server';
import { createChatProvider } from './create-chat-provider';

describe('createChatProvider', () => {
  it('defaults to the demo provider with the issue defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      CHAT_PROVIDER: 'demo',
      CHAT_MODEL: 'gpt-4.1-mini',
      CHAT_CONTEXT_TOKENS: 8192,
      CHAT_MAX_REPLY_TOKENS: 400,
      CHAT_DEMO_DELAY_MS: 30,
    });
    expect(createChatProvider(env).name).toBe('demo');
  });

  it('refuses a reply allowance that leaves the chat no room', () => {
    expect(() => loadEnv({ CHAT_CONTEXT_TOKENS: '1000', CHAT_MAX_REPLY_TOKENS: '600' })).toThrow(EnvError);
  });
});

describe('createChatProvider with CHAT_PROVIDER=openai', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\ndata: [DONE]\n\n');
    });
  });
  afterAll(() => server.close());

  /** The Authorization header the provider made from this environment sends. */
  async function authorizationSent(env: Record<string, string>) {
    const provider = createChatProvider(loadEnv({ CHAT_PROVIDER: 'openai', ...env }));
    const request = { messages: [{ role: 'user' as const, content: 'Hi' }], maxTokens: 10 };
    for await (const _chunk of provider.stream(request, new AbortController().signal));
    return server.requests.at(-1)!.headers.authorization ?? null;
  }

  it('uses the CHAT_* settings', async () => {
    const env = { CHAT_BASE_URL: server.url, CHAT_API_KEY: 'sk-chat', CHAT_MODEL: 'mistral-nemo' };
    expect(createChatProvider(loadEnv({ CHAT_PROVIDER: 'openai', ...env }))).toMatchObject({
      name: 'openai',
      model: 'mistral-nemo',
    });
    expect(await authorizationSent(env)).toBe('Bearer sk-chat');
  });

  it('defaults to the OPENAI_* settings', async () => {
    const env = { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-openai' };
    expect(createChatProvider(loadEnv({ CHAT_PROVIDER: 'openai', ...env })).model).toBe('gpt-4.1-mini');
    expect(await authorizationSent(env)).toBe('Bearer sk-openai');
  });

  it('never sends the OpenAI key to another chat server, and needs no key for one', async () => {
    expect(await authorizationSent({ CHAT_BASE_URL: server.url, OPENAI_API_KEY: 'sk-openai' })).toBeNull();
  });

  it('fails at boot when the OpenAI endpoint would be called without a key', () => {
    expect(() => loadEnv({ CHAT_PROVIDER: 'openai' })).toThrow(/CHAT_API_KEY: is required/);
  });
});

import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../../config/env';
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

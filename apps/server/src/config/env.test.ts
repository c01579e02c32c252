import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('provider variables', () => {
  it('defaults to the offline demo providers', () => {
    const env = loadEnv({});
    expect([env.PROMPT_PROVIDER, env.IMAGE_PROVIDER, env.VIDEO_PROVIDER]).toEqual(['demo', 'demo', 'demo']);
    expect(env.PROVIDER_TIMEOUT_MS).toBe(120_000);
    expect(env.OPENAI_PROMPT_MODEL).toBe('gpt-4.1-mini');
  });

  it('lists every variable a chosen adapter is missing in one error', () => {
    let error: unknown;
    try {
      loadEnv({ PROMPT_PROVIDER: 'openai', IMAGE_PROVIDER: 'replicate', FILES_MAX_IMAGE_MB: '-1' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const issues = (error as EnvError).issues.join('\n');
    expect(issues).toMatch(/OPENAI_API_KEY: is required when PROMPT_PROVIDER=openai/);
    expect(issues).toMatch(/REPLICATE_API_TOKEN: is required when IMAGE_PROVIDER=replicate/);
    expect(issues).toMatch(/FILES_MAX_IMAGE_MB/);
  });

  it('accepts the images key from either variable', () => {
    expect(loadEnv({ IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-1' }).IMAGE_PROVIDER).toBe('openai');
    expect(() => loadEnv({ IMAGE_PROVIDER: 'openai' })).toThrow(/OPENAI_IMAGE_API_KEY/);
    expect(() => loadEnv({ IMAGE_PROVIDER: 'a1111' })).toThrow(/A1111_BASE_URL/);
    expect(() => loadEnv({ IMAGE_PROVIDER: 'http' })).toThrow(/IMAGE_HTTP_BASE_URL/);
  });
});

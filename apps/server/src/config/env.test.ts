import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the defaults on an empty environment', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: 3000,
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      DEV_WALLET: true,
    });
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('coerces numbers and booleans and treats empty strings as unset', () => {
    const env = loadEnv({ PORT: '8080', TRUST_PROXY: 'true', DEV_WALLET: '0', DATABASE_URL: '' });
    expect(env.PORT).toBe(8080);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.DEV_WALLET).toBe(false);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('turns the Development Wallet off by default when PUBLIC_URL is https', () => {
    expect(loadEnv({ PUBLIC_URL: 'https://baegen.example' }).DEV_WALLET).toBe(false);
    expect(loadEnv({ PUBLIC_URL: 'HTTPS://baegen.example' }).DEV_WALLET).toBe(false);
    expect(loadEnv({ PUBLIC_URL: 'https://baegen.example', DEV_WALLET: '' }).DEV_WALLET).toBe(false);
    expect(loadEnv({ PUBLIC_URL: 'https://baegen.example', DEV_WALLET: 'yes' }).DEV_WALLET).toBe(true);
    expect(loadEnv({ PUBLIC_URL: 'http://localhost:3000' }).DEV_WALLET).toBe(true);
    expect(loadEnv({ DEV_WALLET: 'false' }).DEV_WALLET).toBe(false);
  });

  it('reads the sign-in message lifetime, five minutes by default', () => {
    expect(loadEnv({}).AUTH_NONCE_TTL_SECONDS).toBe(300);
    expect(loadEnv({ AUTH_NONCE_TTL_SECONDS: '45' }).AUTH_NONCE_TTL_SECONDS).toBe(45);
    expect(() => loadEnv({ AUTH_NONCE_TTL_SECONDS: '0' })).toThrow(/AUTH_NONCE_TTL_SECONDS/);
  });

  it('reads how long a session lookup is trusted, one second by default, at most a minute', () => {
    expect(loadEnv({}).SESSION_CACHE_TTL_MS).toBe(1000);
    expect(loadEnv({ SESSION_CACHE_TTL_MS: '0' }).SESSION_CACHE_TTL_MS).toBe(0);
    expect(() => loadEnv({ SESSION_CACHE_TTL_MS: '60001' })).toThrow(/SESSION_CACHE_TTL_MS/);
  });

  it('accepts a PostgreSQL URL', () => {
    const env = loadEnv({ DATABASE_URL: 'postgres://user:pw@db:5432/baegen' });
    expect(env.DATABASE_URL).toBe('postgres://user:pw@db:5432/baegen');
  });

  it('lists every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://db/baegen',
        TRUST_PROXY: 'maybe',
        PUBLIC_URL: 'not a url',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const { issues, message } = caught as EnvError;
    const named = issues.map((issue) => issue.split(':')[0]);
    expect(named.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'TRUST_PROXY']);
    for (const name of named) expect(message).toContain(`- ${name}:`);
  });
});

describe('provider variables', () => {
  it('defaults to the offline demo providers', () => {
    const env = loadEnv({});
    expect([env.PROMPT_PROVIDER, env.IMAGE_PROVIDER, env.VIDEO_PROVIDER]).toEqual(['demo', 'demo', 'demo']);
    expect(env.PROVIDER_TIMEOUT_MS).toBe(120_000);
    expect(env.OPENAI_PROMPT_MODEL).toBe('gpt-4.1-mini');
  });

  it('retries vendor calls for 30 s from a 500 ms backoff unless told otherwise, 0 turning it off', () => {
    const env = loadEnv({});
    expect([env.PROVIDER_RETRY_MAX_MS, env.PROVIDER_RETRY_BASE_MS]).toEqual([30_000, 500]);
    expect(loadEnv({ PROVIDER_RETRY_MAX_MS: '0' }).PROVIDER_RETRY_MAX_MS).toBe(0);
    expect(() => loadEnv({ PROVIDER_RETRY_MAX_MS: '-1', PROVIDER_RETRY_BASE_MS: '0' })).toThrow(
      /PROVIDER_RETRY_MAX_MS[\s\S]*PROVIDER_RETRY_BASE_MS/,
    );
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

  it('has video defaults and lists the keys a chosen video adapter is missing', () => {
    expect(loadEnv({})).toMatchObject({
      VIDEO_POLL_INTERVAL_MS: 3000,
      REPLICATE_VIDEO_MODEL: 'wan-video/wan-2.2-i2v-fast',
      FAL_BASE_URL: 'https://queue.fal.run',
      FAL_VIDEO_MODEL: 'fal-ai/wan-i2v',
    });
    expect(loadEnv({}).DEMO_DELAY_MS).toBeUndefined();
    expect(loadEnv({ DEMO_DELAY_MS: '0' }).DEMO_DELAY_MS).toBe(0);
    expect(() => loadEnv({ DEMO_DELAY_MS: '-5' })).toThrow(/DEMO_DELAY_MS/);
    expect(() => loadEnv({ VIDEO_PROVIDER: 'sora' })).toThrow(/VIDEO_PROVIDER/);
    expect(() => loadEnv({ VIDEO_PROVIDER: 'fal' })).toThrow(/FAL_KEY: is required when VIDEO_PROVIDER=fal/);
    expect(() => loadEnv({ VIDEO_PROVIDER: 'replicate' })).toThrow(
      /REPLICATE_API_TOKEN: is required when VIDEO_PROVIDER=replicate/,
    );
    expect(loadEnv({ VIDEO_PROVIDER: 'fal', FAL_KEY: 'k' }).VIDEO_PROVIDER).toBe('fal');
  });

  it('needs a bucket for the S3 driver, and both keys or neither', () => {
    expect(loadEnv({}).STORAGE_DRIVER).toBe('local');
    expect(() => loadEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: is required when STORAGE_DRIVER=s3/);
    expect(() => loadEnv({ STORAGE_DRIVER: 'gcs' })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID/,
    );
    expect(loadEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toMatchObject({
      S3_BUCKET: 'b',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it('names a token both Replicate adapters need once', () => {
    let error: unknown;
    try {
      loadEnv({ IMAGE_PROVIDER: 'replicate', VIDEO_PROVIDER: 'replicate' });
    } catch (caught) {
      error = caught;
    }
    expect((error as EnvError).issues).toEqual([
      'REPLICATE_API_TOKEN: is required when IMAGE_PROVIDER=replicate and VIDEO_PROVIDER=replicate',
    ]);
  });
});

describe('production guard on the demo providers', () => {
  /** Every AI provider real, with the variable each one needs. */
  const realProviders = {
    IMAGE_PROVIDER: 'replicate',
    REPLICATE_API_TOKEN: 'r8_token',
    PROMPT_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-1',
    VIDEO_PROVIDER: 'fal',
    FAL_KEY: 'fal-key',
    CHAT_PROVIDER: 'openai',
  };

  function issuesOf(source: NodeJS.ProcessEnv): string[] {
    try {
      loadEnv(source);
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      return (error as EnvError).issues;
    }
    throw new Error('loadEnv accepted the environment');
  }

  it('refuses production while a provider is demo, listed with every other bad variable', () => {
    const issues = issuesOf({ NODE_ENV: 'production', PORT: 'eighty' });
    expect(issues.map((issue) => issue.split(':')[0]).sort()).toEqual(['DEMO_PROVIDERS', 'PORT']);
    expect(issues.find((issue) => issue.startsWith('DEMO_PROVIDERS:'))).toBe(
      'DEMO_PROVIDERS: must be true to run NODE_ENV=production with IMAGE_PROVIDER=demo, PROMPT_PROVIDER=demo, VIDEO_PROVIDER=demo, CHAT_PROVIDER=demo, which fake their answers: choose real providers, or set DEMO_PROVIDERS=true if that is meant',
    );
  });

  it('names only the providers still on demo, beside a missing adapter variable', () => {
    const issues = issuesOf({ NODE_ENV: 'production', IMAGE_PROVIDER: 'a1111', PROMPT_PROVIDER: 'openai' });
    expect(issues).toEqual([
      'OPENAI_API_KEY: is required when PROMPT_PROVIDER=openai',
      'A1111_BASE_URL: is required when IMAGE_PROVIDER=a1111',
      expect.stringMatching(
        /^DEMO_PROVIDERS: must be true to run NODE_ENV=production with VIDEO_PROVIDER=demo, CHAT_PROVIDER=demo,/,
      ),
    ]);
  });

  it('starts in production with every provider real', () => {
    const env = loadEnv({ NODE_ENV: 'production', ...realProviders });
    expect(env).toMatchObject({ NODE_ENV: 'production', DEMO_PROVIDERS: false, IMAGE_PROVIDER: 'replicate' });
  });

  it('starts in production with the demo providers once DEMO_PROVIDERS=true', () => {
    const env = loadEnv({ NODE_ENV: 'production', DEMO_PROVIDERS: 'true' });
    expect(env).toMatchObject({ NODE_ENV: 'production', DEMO_PROVIDERS: true, VIDEO_PROVIDER: 'demo' });
    expect(() => loadEnv({ NODE_ENV: 'production', DEMO_PROVIDERS: 'false' })).toThrow(/DEMO_PROVIDERS/);
    expect(() => loadEnv({ NODE_ENV: 'production', DEMO_PROVIDERS: 'maybe' })).toThrow(/DEMO_PROVIDERS/);
  });

  it('leaves development and test alone, whatever the providers', () => {
    expect(loadEnv({}).DEMO_PROVIDERS).toBe(false);
    expect(loadEnv({ NODE_ENV: 'development' }).IMAGE_PROVIDER).toBe('demo');
    expect(loadEnv({ NODE_ENV: 'test' }).IMAGE_PROVIDER).toBe('demo');
  });
});

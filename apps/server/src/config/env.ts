import path from 'node:path';
import { z } from 'zod';
import { IMAGE_OUTPUTS } from '@baegen/shared/contract';

/** PROVIDER_RETRY_MAX_MS and PROVIDER_RETRY_BASE_MS when unset; also the policy of a caller given none. */
export const PROVIDER_RETRY_DEFAULTS = { maxMs: 30_000, baseMs: 500 } as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // How long a PostgreSQL query, the job queue or the announcement channel waits for a connection.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  PUBLIC_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  AUTH_NONCE_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  // PostgreSQL only: how long an instance trusts a session and data version it read (ADR 016); 0 off.
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Unset: on, unless PUBLIC_URL is https (see loadEnv), so a public site never offers it by accident.
  DEV_WALLET: bool.default(true),
  SUBSCRIPTION_GATE: bool.default(false),
  SUBSCRIPTION_ADDRESS: z.string().default(''),

  // Storage
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  FILES_MAX_IMAGE_MB: z.coerce.number().positive().default(20),
  FILES_MAX_VIDEO_MB: z.coerce.number().positive().default(200),
  UPLOAD_ABANDON_MINUTES: z.coerce.number().positive().default(60),
  CANDIDATE_TTL_HOURS: z.coerce.number().positive().default(24),
  SWEEP_INTERVAL_MINUTES: z.coerce.number().positive().default(15),
  STORAGE_QUOTA_MB: z.coerce.number().positive().default(2048),
  PREVIEW_CACHE_MB: z.coerce.number().positive().default(512),
  /** Memory for serialised list pages (lib/list-page-cache.ts), per instance. */
  LIST_CACHE_MB: z.coerce.number().positive().default(32),
  UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  UPLOAD_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  IMPORT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  IMPORT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),

  // AI providers
  // Production refuses the demo providers unless the operator confirms them here (see crossChecks).
  DEMO_PROVIDERS: bool.default(false),
  PROMPT_PROVIDER: z.enum(['demo', 'openai']).default('demo'),
  IMAGE_PROVIDER: z.enum(['demo', 'http', 'replicate', 'openai', 'a1111']).default('demo'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  // How long one vendor call may keep retrying transient failures (0: never), and its first backoff.
  PROVIDER_RETRY_MAX_MS: z.coerce.number().int().min(0).default(PROVIDER_RETRY_DEFAULTS.maxMs),
  PROVIDER_RETRY_BASE_MS: z.coerce.number().int().positive().default(PROVIDER_RETRY_DEFAULTS.baseMs),
  GENERATION_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  GENERATION_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_PROMPT_MODEL: z.string().min(1).default('gpt-4.1-mini'),
  OPENAI_IMAGE_BASE_URL: z.url().optional(),
  OPENAI_IMAGE_API_KEY: z.string().optional(),
  OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  OPENAI_IMAGE_SIZE: z
    .string()
    .regex(/^\d+x\d+$|^auto$/, 'must be WIDTHxHEIGHT or auto')
    .default('1024x1536'),
  OPENROUTER_REFERER: z.url().optional(),
  OPENROUTER_TITLE: z.string().min(1).default('BaeGen'),
  IMAGE_HTTP_BASE_URL: z.url().optional(),
  REPLICATE_API_TOKEN: z.string().optional(),
  REPLICATE_BASE_URL: z.url().default('https://api.replicate.com/v1'),
  REPLICATE_IMAGE_MODEL: z.string().min(1).default('black-forest-labs/flux-schnell'),
  REPLICATE_CHARACTER_MODEL: z.string().min(1).default('fofr/consistent-character'),
  REPLICATE_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
  A1111_BASE_URL: z.url().optional(),
  A1111_STEPS: z.coerce.number().int().min(1).max(150).default(25),
  A1111_DENOISING_STRENGTH: z.coerce.number().min(0).max(1).default(0.55),
  A1111_WIDTH: z.coerce.number().int().min(64).max(2048).default(768),
  A1111_HEIGHT: z.coerce.number().int().min(64).max(2048).default(1024),
  VIDEO_PROVIDER: z.enum(['demo', 'replicate', 'fal']).default('demo'),
  VIDEO_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(3000),
  DEMO_DELAY_MS: z.coerce.number().int().min(0).optional(),
  REPLICATE_VIDEO_MODEL: z.string().min(1).default('wan-video/wan-2.2-i2v-fast'),
  FAL_KEY: z.string().optional(),
  FAL_BASE_URL: z.url().default('https://queue.fal.run'),
  FAL_VIDEO_MODEL: z.string().min(1).default('fal-ai/wan-i2v'),

  // Chat
  CHAT_PROVIDER: z.enum(['demo', 'openai']).default('demo'),
  CHAT_BASE_URL: z.url().optional(),
  CHAT_API_KEY: z.string().optional(),
  CHAT_MODEL: z.string().min(1).default('gpt-4.1-mini'),
  CHAT_CONTEXT_TOKENS: z.coerce.number().int().min(512).default(8192),
  CHAT_MAX_REPLY_TOKENS: z.coerce.number().int().min(16).default(400),
  CHAT_DEMO_DELAY_MS: z.coerce.number().int().min(0).default(30),
  // A reply's worker renews its lease on the row every third of this; one that died ends `stopped` after it.
  CHAT_LEASE_MS: z.coerce.number().int().min(1000).default(15_000),
  /** Replies written at once by one instance, on a queue of their own beside the generations'. */
  CHAT_CONCURRENCY: z.coerce.number().int().min(1).default(20),
  /** Messages that leave a chat's context window between two refreshes of its summary. */
  CHAT_SUMMARY_EVERY: z.coerce.number().int().min(1).default(20),
  /** Event streams (generations, and each chat) one user may hold open at once; 429 past it. */
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(20),
  /** Pictures one selfie job makes; the first is the one the chat shows and saves. */
  SELFIE_OUTPUTS: z.coerce.number().int().min(1).max(IMAGE_OUTPUTS).default(1),

  // Jobs
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  GENERATION_MAX_ACTIVE: z.coerce.number().int().min(1).default(3),
  GENERATION_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  VIDEO_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  // Running jobs get this long to finish on shutdown; then they go back to the queue.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(5000),
});

/** The AI providers whose `demo` adapter fakes its answers. */
const AI_PROVIDERS = ['IMAGE_PROVIDER', 'PROMPT_PROVIDER', 'VIDEO_PROVIDER', 'CHAT_PROVIDER'] as const;

/**
 * Rules across variables: adapters that cannot work without a variable name it, and production
 * refuses providers that fake their answers unless DEMO_PROVIDERS=true says that is meant. They run
 * even when another variable is bad (`when`), so one error lists every bad variable.
 */
const crossChecks = envSchema.superRefine(
  (env, ctx) => {
    const need = (when: boolean, key: keyof typeof env, why: string) => {
      if (when && !env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required ${why}` });
    };
    need(env.PROMPT_PROVIDER === 'openai', 'OPENAI_API_KEY', 'when PROMPT_PROVIDER=openai');
    need(
      env.IMAGE_PROVIDER === 'openai' && !env.OPENAI_API_KEY,
      'OPENAI_IMAGE_API_KEY',
      '(or OPENAI_API_KEY) when IMAGE_PROVIDER=openai',
    );
    need(env.IMAGE_PROVIDER === 'http', 'IMAGE_HTTP_BASE_URL', 'when IMAGE_PROVIDER=http');
    const onReplicate = (['IMAGE_PROVIDER', 'VIDEO_PROVIDER'] as const).filter(
      (key) => env[key] === 'replicate',
    );
    need(
      onReplicate.length > 0,
      'REPLICATE_API_TOKEN',
      `when ${onReplicate.map((key) => `${key}=replicate`).join(' and ')}`,
    );
    need(env.IMAGE_PROVIDER === 'a1111', 'A1111_BASE_URL', 'when IMAGE_PROVIDER=a1111');
    need(env.VIDEO_PROVIDER === 'fal', 'FAL_KEY', 'when VIDEO_PROVIDER=fal');
    // Local servers (Ollama, llama.cpp) take no key, so only the default OpenAI endpoint demands one.
    need(
      env.CHAT_PROVIDER === 'openai' && !env.CHAT_BASE_URL && !env.OPENAI_API_KEY,
      'CHAT_API_KEY',
      '(or OPENAI_API_KEY) when CHAT_PROVIDER=openai without CHAT_BASE_URL',
    );
    if (env.CHAT_MAX_REPLY_TOKENS >= env.CHAT_CONTEXT_TOKENS / 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['CHAT_MAX_REPLY_TOKENS'],
        message: 'must be less than half of CHAT_CONTEXT_TOKENS, so the prompt keeps room for the chat',
      });
    }
    need(env.STORAGE_DRIVER === 's3', 'S3_BUCKET', 'when STORAGE_DRIVER=s3');
    need(!!env.S3_ACCESS_KEY_ID, 'S3_SECRET_ACCESS_KEY', 'with S3_ACCESS_KEY_ID');
    need(!!env.S3_SECRET_ACCESS_KEY, 'S3_ACCESS_KEY_ID', 'with S3_SECRET_ACCESS_KEY');
    const demo = AI_PROVIDERS.filter((key) => env[key] === 'demo');
    if (env.NODE_ENV === 'production' && demo.length > 0 && !env.DEMO_PROVIDERS) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_PROVIDERS'],
        message: `must be true to run NODE_ENV=production with ${demo.map((key) => `${key}=demo`).join(', ')}, which fake their answers: choose real providers, or set DEMO_PROVIDERS=true if that is meant`,
      });
    }
  },
  { when: () => true },
);

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses and validates the environment; throws one EnvError listing every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  if (cleaned.DEV_WALLET === undefined && /^https:/i.test(cleaned.PUBLIC_URL ?? '')) {
    cleaned.DEV_WALLET = 'false';
  }
  const result = crossChecks.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}

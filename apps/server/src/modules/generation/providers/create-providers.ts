import type { Env } from '../../../config/env';
import type { Clock } from '../../../lib/clock';
import { A1111ImageProvider } from './image/a1111-image.provider';
import { DemoImageProvider } from './image/demo-image.provider';
import { HttpImageProvider } from './image/http-image.provider';
import { OpenAiImageProvider } from './image/openai-image.provider';
import { ReplicateImageProvider } from './image/replicate-image.provider';
import type { ImageProvider, PromptProvider, VideoProvider } from './ports';
import { DemoPromptProvider } from './prompt/demo-prompt.provider';
import { replicateApi } from './replicate-predictions';
import { OpenAiPromptProvider } from './prompt/openai-prompt.provider';
import { type RetryLog, type RetryPolicy, retryPolicy } from './vendor-retry';
import { createVideoProvider } from './video/create-video-provider';

export interface Providers {
  prompt: PromptProvider;
  image: ImageProvider;
  video: VideoProvider;
}

export interface ProviderDeps {
  clock: Clock;
  clipPath: string;
  /** Where retried vendor calls are reported. */
  log?: RetryLog;
}

/** Picks one adapter per port from the environment, once at boot. env.ts has checked the variables. */
export function createProviders(env: Env, deps: ProviderDeps): Providers {
  const retry = retryPolicy({
    maxMs: env.PROVIDER_RETRY_MAX_MS,
    baseMs: env.PROVIDER_RETRY_BASE_MS,
    clock: deps.clock,
    log: deps.log,
  });
  const prompt =
    env.PROMPT_PROVIDER === 'openai'
      ? new OpenAiPromptProvider({
          apiKey: env.OPENAI_API_KEY ?? '',
          baseURL: env.OPENAI_BASE_URL,
          model: env.OPENAI_PROMPT_MODEL,
          timeoutMs: env.PROVIDER_TIMEOUT_MS,
          referer: env.OPENROUTER_REFERER ?? env.PUBLIC_URL,
          title: env.OPENROUTER_TITLE,
          retry,
        })
      : new DemoPromptProvider();
  return {
    prompt,
    image: createImageProvider(env, deps.clock, retry),
    video: createVideoProvider(env, { ...deps, retry }),
  };
}

function createImageProvider(env: Env, clock: Clock, retry: RetryPolicy): ImageProvider {
  switch (env.IMAGE_PROVIDER) {
    case 'http':
      return new HttpImageProvider(env.IMAGE_HTTP_BASE_URL ?? '', retry);
    case 'replicate':
      return new ReplicateImageProvider({
        ...replicateApi(env, retry),
        imageModel: env.REPLICATE_IMAGE_MODEL,
        characterModel: env.REPLICATE_CHARACTER_MODEL,
        pollIntervalMs: env.REPLICATE_POLL_INTERVAL_MS,
      });
    case 'openai':
      return new OpenAiImageProvider({
        apiKey: env.OPENAI_IMAGE_API_KEY ?? env.OPENAI_API_KEY ?? '',
        baseURL: env.OPENAI_IMAGE_BASE_URL ?? env.OPENAI_BASE_URL,
        model: env.OPENAI_IMAGE_MODEL,
        size: env.OPENAI_IMAGE_SIZE,
        timeoutMs: env.PROVIDER_TIMEOUT_MS,
        retry,
      });
    case 'a1111':
      return new A1111ImageProvider({
        baseUrl: env.A1111_BASE_URL ?? '',
        steps: env.A1111_STEPS,
        width: env.A1111_WIDTH,
        height: env.A1111_HEIGHT,
        denoisingStrength: env.A1111_DENOISING_STRENGTH,
        retry,
      });
    default:
      return new DemoImageProvider({ delayMs: env.DEMO_DELAY_MS ?? 0, clock });
  }
}

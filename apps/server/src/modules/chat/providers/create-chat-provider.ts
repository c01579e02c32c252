import { setTimeout as wait } from 'node:timers/promises';
import type { Env } from '../../../config/env';
import { type Clock, systemClock } from '../../../lib/clock';
import type { ChatProvider, Sleep } from './chat-provider.port';
import { DemoChatProvider } from './demo-chat.provider';
import { OpenAiChatProvider } from './openai-chat.provider';

const realSleep: Sleep = (ms, signal) =>
  wait(ms, undefined, { signal }).then(
    () => undefined,
    (error: unknown) => {
      // Node rejects with its own AbortError; callers expect the signal's reason, as fetch gives.
      signal.throwIfAborted();
      throw error;
    },
  );

export interface ChatProviderDeps {
  /** Waits between demo words and before retries. */
  sleep?: Sleep;
  /** Jitter of the retry backoff. */
  random?: () => number;
  /** Reads `Retry-After` dates against it. */
  clock?: Clock;
}

/** Picks the chat provider from the environment, once at boot; env.ts has checked the variables. */
export function createChatProvider(env: Env, deps: ChatProviderDeps = {}): ChatProvider {
  const sleep = deps.sleep ?? realSleep;
  if (env.CHAT_PROVIDER === 'openai') {
    const clock = deps.clock ?? systemClock;
    const baseUrl = env.CHAT_BASE_URL ?? env.OPENAI_BASE_URL;
    // The OpenAI key goes only where OpenAI's base URL points, never to another chat server.
    const sameServer = baseUrl === env.OPENAI_BASE_URL;
    return new OpenAiChatProvider({
      baseUrl,
      apiKey: env.CHAT_API_KEY ?? (sameServer ? env.OPENAI_API_KEY : undefined),
      model: env.CHAT_MODEL,
      idleTimeoutMs: env.PROVIDER_TIMEOUT_MS,
      referer: env.OPENROUTER_REFERER ?? env.PUBLIC_URL,
      title: env.OPENROUTER_TITLE,
      sleep,
      random: deps.random ?? Math.random,
      now: () => clock().getTime(),
    });
  }
  return new DemoChatProvider({ delayMs: env.CHAT_DEMO_DELAY_MS, sleep });
}

import { setTimeout as wait } from 'node:timers/promises';
import type { Env } from '../../../config/env';
import type { ChatProvider, Sleep } from './chat-provider.port';
import { DemoChatProvider } from './demo-chat.provider';

const realSleep: Sleep = (ms, signal) =>
  wait(ms, undefined, { signal }).then(
    () => undefined,
    (error: unknown) => {
      // Node rejects with its own AbortError; callers expect the signal's reason, as fetch gives.
      signal.throwIfAborted();
      throw error;
    },
  );

/** Picks the chat provider from the environment, once at boot; env.ts has checked the variables. */
export function createChatProvider(env: Env, deps: { sleep?: Sleep } = {}): ChatProvider {
  const sleep = deps.sleep ?? realSleep;
  return new DemoChatProvider({ delayMs: env.CHAT_DEMO_DELAY_MS, sleep });
}

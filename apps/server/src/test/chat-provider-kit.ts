import { setTimeout as sleep } from 'node:timers/promises';
import { loadEnv } from '../config/env';
import type { ChatProvider } from '../modules/chat';
import type { ChatRequest } from '../modules/chat/providers/chat-provider.port';
import { ChatProviderError } from '../modules/chat/providers/chat-provider.port';
import { createChatProvider } from '../modules/chat/providers/create-chat-provider';

/**
 * The demo provider at `delayMs` a word, watched: when each reply request's signal aborts (the
 * moment a vendor's connection would close), the reply requests it had, and apart from them the
 * summary requests (`stream: false`) of the background job.
 */
export function watchedDemoProvider(delayMs: number) {
  const inner = createChatProvider(loadEnv({ CHAT_DEMO_DELAY_MS: String(delayMs) }));
  const aborts: number[] = [];
  const watch = {
    aborts,
    /** Requests it has had. */
    requests: 0,
    /** The requests themselves, in order. */
    sent: [] as ChatRequest[],
    summaries: [] as ChatRequest[],
    provider: {
      name: inner.name,
      model: inner.model,
      stream: (request, signal) => {
        if (request.stream === false) {
          watch.summaries.push(request);
          return inner.stream(request, signal);
        }
        watch.requests += 1;
        watch.sent.push(request);
        signal.addEventListener('abort', () => aborts.push(Date.now()), { once: true });
        return inner.stream(request, signal);
      },
    } satisfies ChatProvider,
  };
  return watch;
}

/** A vendor that sends `words` (a word every `delayMs`) and then fails, as one that errors mid-stream. */
export function failingProvider(words: string[], delayMs = 5): ChatProvider {
  return {
    name: 'failing',
    model: 'failing-model',
    async *stream(_request, signal) {
      for (const word of words) {
        await sleep(delayMs, undefined, { signal });
        yield { type: 'text', text: word };
      }
      throw new ChatProviderError('the vendor sent an error event');
    },
  };
}

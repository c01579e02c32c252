import { setTimeout as delay } from 'node:timers/promises';
import { afterEach } from 'vitest';
import { loadEnv } from '../../../config/env';
import { type FakeHandler, type FakeServer, startFakeServer } from '../../../test/fake-http-server';
import type { ChatChunk, ChatProvider, ChatRequest, Sleep } from './chat-provider.port';
import { createChatProvider } from './create-chat-provider';

/** What the tests of the OpenAI-compatible provider send and how a fake server answers it. */
export const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'Write Luna’s next reply.' },
    { role: 'user', content: 'Hi Luna!' },
  ],
  maxTokens: 120,
};

/** One chat.completion.chunk event as OpenAI writes it. */
export const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;

/** The usage event `stream_options.include_usage` adds: empty `choices`. */
export const usage = (prompt: number, completion: number) =>
  `data: ${JSON.stringify({ id: 'c1', choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } })}\n\n`;

export const DONE = 'data: [DONE]\n\n';

/** Answers with these pieces of an event stream, each written (and flushed) on its own. */
export const streamOf =
  (pieces: (string | Buffer)[]): FakeHandler =>
  async (_request, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    for (const piece of pieces) {
      res.write(piece);
      await delay(2);
    }
    res.end();
  };

export const dropConnection: FakeHandler = (_request, res) => {
  res.socket?.destroy();
};

/** A sleep that returns at once and notes how long it was asked to wait. */
export function recordingSleep(waits: number[]): Sleep {
  return async (ms, signal) => {
    waits.push(ms);
    signal.throwIfAborted();
  };
}

/** Everything a stream yielded, its text, and the error it ended with. */
export async function collect(chat: ChatProvider, signal = new AbortController().signal) {
  const chunks: ChatChunk[] = [];
  let error: unknown;
  try {
    for await (const item of chat.stream(request, signal)) chunks.push(item);
  } catch (caught) {
    error = caught;
  }
  const text = chunks.map((item) => (item.type === 'text' ? item.text : '')).join('');
  return { chunks, text, error };
}

/**
 * A fake vendor for each test that starts one, closed after it, and the OpenAI-compatible provider
 * pointed at it, its retry waits recorded in `waits` and its jitter fixed.
 */
export function useFakeChatVendor() {
  const vendor = {
    server: undefined as FakeServer | undefined,
    waits: [] as number[],
    async provider(handler: FakeHandler): Promise<ChatProvider> {
      vendor.server = await startFakeServer(handler);
      vendor.waits.length = 0;
      return createChatProvider(
        loadEnv({
          CHAT_PROVIDER: 'openai',
          CHAT_BASE_URL: `${vendor.server.url}/v1`,
          CHAT_API_KEY: 'sk-chat',
        }),
        { sleep: recordingSleep(vendor.waits), random: () => 0.5 },
      );
    },
  };
  afterEach(async () => {
    await vendor.server?.close();
    vendor.server = undefined;
  });
  return vendor;
}

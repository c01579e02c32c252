import type http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../config/env';
import { type FakeHandler, type FakeServer, sendJson, startFakeServer } from '../../../test/fake-http-server';
import {
  type ChatChunk,
  type ChatProvider,
  ChatProviderError,
  type ChatRequest,
  type Sleep,
} from './chat-provider.port';
import { createChatProvider } from './create-chat-provider';
import { OpenAiChatProvider } from './openai-chat.provider';

const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'Write Luna’s next reply.' },
    { role: 'user', content: 'Hi Luna!' },
  ],
  maxTokens: 120,
};

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
const usage = (prompt: number, completion: number) =>
  `data: ${JSON.stringify({ id: 'c1', choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } })}\n\n`;
const DONE = 'data: [DONE]\n\n';

/** Answers with these pieces of an event stream, each written (and flushed) on its own. */
const streamOf =
  (pieces: (string | Buffer)[], end = true): FakeHandler =>
  async (_request, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    for (const piece of pieces) {
      res.write(piece);
      await delay(2);
    }
    if (end) res.end();
  };

/** Answers each request with the next handler (the last one repeats). */
const inTurn =
  (...handlers: FakeHandler[]): FakeHandler =>
  (recorded, res) =>
    handlers[Math.min(server!.requests.length - 1, handlers.length - 1)]!(recorded, res);

const dropConnection: FakeHandler = (_request, res) => {
  res.socket?.destroy();
};

const waits: number[] = [];
const fakeSleep: Sleep = async (ms, signal) => {
  waits.push(ms);
  signal.throwIfAborted();
};

async function provider(handler: FakeHandler, env: Record<string, string> = {}): Promise<ChatProvider> {
  server = await startFakeServer(handler);
  waits.length = 0;
  return createChatProvider(
    loadEnv({ CHAT_PROVIDER: 'openai', CHAT_BASE_URL: `${server.url}/v1`, CHAT_API_KEY: 'sk-chat', ...env }),
    { sleep: fakeSleep, random: () => 0.5 },
  );
}

async function collect(chat: ChatProvider, signal = new AbortController().signal) {
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

describe('the OpenAI-compatible chat provider', () => {
  it('posts a streamed chat completion and yields the text, then the usage', async () => {
    const chat = await provider(
      streamOf([
        chunk({ role: 'assistant', content: '' }),
        chunk({ content: 'Hello' }),
        chunk({ content: ', Sam!' }),
        chunk({}, { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
        usage(21, 3),
        DONE,
      ]),
    );
    const { chunks, error } = await collect(chat);
    expect(error).toBeUndefined();
    expect(chunks).toEqual([
      { type: 'text', text: 'Hello' },
      { type: 'text', text: ', Sam!' },
      { type: 'usage', promptTokens: 21, completionTokens: 3 },
    ]);
    const [sent] = server!.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.url).toBe('/v1/chat/completions');
    expect(sent!.headers.authorization).toBe('Bearer sk-chat');
    expect(JSON.parse(sent!.body.toString())).toEqual({
      model: 'gpt-4.1-mini',
      messages: request.messages,
      max_tokens: 120,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(chat).toMatchObject({ name: 'openai', model: 'gpt-4.1-mini' });
  });

  it('tolerates comments, \\r\\n, events and characters split across writes, role-only and empty chunks, and reasoning', async () => {
    const event = Buffer.from(chunk({ content: 'Crème brûlée 🍮' }).replaceAll('\n', '\r\n'));
    const emoji = event.indexOf(Buffer.from('🍮'));
    const chat = await provider(
      streamOf([
        ': OPENROUTER PROCESSING\n\n',
        chunk({ role: 'assistant' }),
        chunk({ reasoning_content: 'The user wants dessert.' }),
        chunk({ reasoning: 'Thinking about it.', content: null }),
        chunk({ content: '' }),
        event.subarray(0, 9),
        event.subarray(9, emoji + 2),
        event.subarray(emoji + 2),
        'data: {"choices":[{"index":0,"delta":{"content":" for you"}}]}\r',
        '\n\r\n: keep-alive\n\n',
        'data: {"choices":[{"index":0,\ndata: "delta":{"content":"!"}}]}\n\n',
        usage(30, 6),
        DONE,
      ]),
    );
    const { chunks, text, error } = await collect(chat);
    expect(error).toBeUndefined();
    expect(text).toBe('Crème brûlée 🍮 for you!');
    expect(chunks.at(-1)).toEqual({ type: 'usage', promptTokens: 30, completionTokens: 6 });
  });

  it('ends normally with the text received when the stream ends without [DONE]', async () => {
    const chat = await provider(
      streamOf([chunk({ content: 'All ' }), 'data: {"choices":[{"delta":{"content":"done"}}]}']),
    );
    const { text, error } = await collect(chat);
    expect(error).toBeUndefined();
    expect(text).toBe('All done');
  });

  it('fails on an error event in a 200 stream, keeping what came before, without retrying', async () => {
    const failure = `data: ${JSON.stringify({ id: 'c1', provider: 'x', error: { code: 'server_error', message: 'Provider disconnected unexpectedly' }, choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }] })}\n\n`;
    const chat = await provider(streamOf([chunk({ content: 'Once upon' }), failure]));
    const { text, error } = await collect(chat);
    expect(text).toBe('Once upon');
    expect(error).toBeInstanceOf(ChatProviderError);
    expect((error as Error).message).toContain('Provider disconnected unexpectedly');
    expect(server!.requests).toHaveLength(1);
  });

  it('retries 429 after the Retry-After the server asked for, and 5xx with backoff', async () => {
    const limited: FakeHandler = (_request, res) => {
      res.setHeader('retry-after', '3');
      sendJson(res, 429, { error: { message: 'Rate limit reached' } });
    };
    const down: FakeHandler = (_request, res) => sendJson(res, 503, { error: { message: 'overloaded' } });
    const chat = await provider(inTurn(limited, down, streamOf([chunk({ content: 'Made it' }), DONE])));
    const { text, error } = await collect(chat);
    expect(error).toBeUndefined();
    expect(text).toBe('Made it');
    expect(server!.requests).toHaveLength(3);
    expect(waits[0]).toBe(3000);
    expect(waits[1]).toBe(750);
  });

  it('retries a dropped connection before the first text', async () => {
    const chat = await provider(inTurn(dropConnection, streamOf([chunk({ content: 'Back' }), DONE])));
    const { text, error } = await collect(chat);
    expect(error).toBeUndefined();
    expect(text).toBe('Back');
    expect(server!.requests).toHaveLength(2);
  });

  it('gives up after a few tries', async () => {
    const chat = await provider((_request, res) => sendJson(res, 500, { error: 'boom' }));
    const { error } = await collect(chat);
    expect(error).toBeInstanceOf(ChatProviderError);
    expect((error as Error).message).toBe('The chat API answered 500: boom');
    expect(server!.requests).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('gives up at once when the server asks for a wait longer than the retry budget', async () => {
    const chat = await provider((_request, res) => {
      res.setHeader('retry-after', '120');
      sendJson(res, 429, { error: { message: 'slow down' } });
    });
    const { error } = await collect(chat);
    expect((error as Error).message).toContain('429: slow down');
    expect(server!.requests).toHaveLength(1);
  });

  it.each([400, 401, 404])('does not retry a %i', async (status) => {
    const chat = await provider((_request, res) =>
      sendJson(res, status, { error: { message: 'no such thing' } }),
    );
    const { error } = await collect(chat);
    expect(error).toBeInstanceOf(ChatProviderError);
    expect(server!.requests).toHaveLength(1);
  });

  it('never retries once text has been yielded', async () => {
    const chat = await provider(async (_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ content: 'Half a' }));
      await delay(20);
      res.socket?.destroy();
    });
    const { text, error } = await collect(chat);
    expect(text).toBe('Half a');
    expect(error).toBeInstanceOf(ChatProviderError);
    expect(server!.requests).toHaveLength(1);
  });

  it('reads a server that answers with one JSON completion instead of a stream', async () => {
    const chat = await provider((_request, res) =>
      sendJson(res, 200, {
        choices: [{ index: 0, message: { role: 'assistant', content: 'Whole reply' } }],
        usage: { prompt_tokens: 9, completion_tokens: 2 },
      }),
    );
    const { chunks } = await collect(chat);
    expect(chunks).toEqual([
      { type: 'text', text: 'Whole reply' },
      { type: 'usage', promptTokens: 9, completionTokens: 2 },
    ]);
  });

  it('closes the upstream connection at once when aborted', async () => {
    let socketClosed: (() => void) | undefined;
    const closed = new Promise<void>((resolve) => (socketClosed = resolve));
    const chat = await provider((_request, res: http.ServerResponse) => {
      res.socket?.on('close', () => socketClosed?.());
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ content: 'Listen' }));
    });
    const controller = new AbortController();
    const reason = new Error('stopped');
    const received: string[] = [];
    const run = (async () => {
      for await (const item of chat.stream(request, controller.signal)) {
        if (item.type === 'text') received.push(item.text);
        controller.abort(reason);
      }
    })();
    await expect(run).rejects.toBe(reason);
    const abortedAt = Date.now();
    await closed;
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(received).toEqual(['Listen']);
  });

  it('gives up on a server that goes silent, and tries again while nothing was shown', async () => {
    server = await startFakeServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': waiting\n\n');
    });
    waits.length = 0;
    const chat = new OpenAiChatProvider({
      baseUrl: server.url,
      model: 'local',
      idleTimeoutMs: 150,
      title: 'BaeGen',
      sleep: fakeSleep,
      random: () => 0,
      now: () => 0,
    });
    const { error } = await collect(chat);
    expect((error as Error).message).toBe('The chat API sent nothing for 150 ms in the middle of the reply');
    expect(server.requests).toHaveLength(4);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});

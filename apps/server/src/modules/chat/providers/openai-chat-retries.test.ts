import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type FakeHandler, sendJson, startFakeServer } from '../../../test/fake-http-server';
import { ChatProviderError } from './chat-provider.port';
import { OpenAiChatProvider } from './openai-chat.provider';
import {
  DONE,
  chunk,
  collect,
  dropConnection,
  recordingSleep,
  streamOf,
  useFakeChatVendor,
} from './openai-stream.fixture';

const vendor = useFakeChatVendor();
const { waits } = vendor;
const provider = (handler: FakeHandler) => vendor.provider(handler);

/** Answers each request with the next handler (the last one repeats). */
const inTurn =
  (...handlers: FakeHandler[]): FakeHandler =>
  (recorded, res) =>
    handlers[Math.min(vendor.server!.requests.length - 1, handlers.length - 1)]!(recorded, res);

describe('the OpenAI-compatible chat provider, retrying', () => {
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
    expect(vendor.server!.requests).toHaveLength(3);
    expect(waits[0]).toBe(3000);
    expect(waits[1]).toBe(750);
  });

  it('retries a dropped connection before the first text', async () => {
    const chat = await provider(inTurn(dropConnection, streamOf([chunk({ content: 'Back' }), DONE])));
    const { text, error } = await collect(chat);
    expect(error).toBeUndefined();
    expect(text).toBe('Back');
    expect(vendor.server!.requests).toHaveLength(2);
  });

  it('gives up after a few tries', async () => {
    const chat = await provider((_request, res) => sendJson(res, 500, { error: 'boom' }));
    const { error } = await collect(chat);
    expect(error).toBeInstanceOf(ChatProviderError);
    expect((error as Error).message).toBe('The chat API answered 500: boom');
    expect(vendor.server!.requests).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('gives up at once when the server asks for a wait longer than the retry budget', async () => {
    const chat = await provider((_request, res) => {
      res.setHeader('retry-after', '120');
      sendJson(res, 429, { error: { message: 'slow down' } });
    });
    const { error } = await collect(chat);
    expect((error as Error).message).toContain('429: slow down');
    expect(vendor.server!.requests).toHaveLength(1);
  });

  it.each([400, 401, 404])('does not retry a %i', async (status) => {
    const chat = await provider((_request, res) =>
      sendJson(res, status, { error: { message: 'no such thing' } }),
    );
    const { error } = await collect(chat);
    expect(error).toBeInstanceOf(ChatProviderError);
    expect(vendor.server!.requests).toHaveLength(1);
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
    expect(vendor.server!.requests).toHaveLength(1);
  });

  const silentServer = () =>
    startFakeServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': waiting\n\n');
    });
  const local = (url: string, now: () => number) =>
    new OpenAiChatProvider({
      baseUrl: url,
      model: 'local',
      idleTimeoutMs: 150,
      title: 'BaeGen',
      sleep: recordingSleep(waits),
      random: () => 0,
      now,
    });

  it('gives up on a server that goes silent, and tries again while nothing was shown', async () => {
    vendor.server = await silentServer();
    const { error } = await collect(local(vendor.server.url, () => 0));
    expect((error as Error).message).toBe('The chat API sent nothing for 150 ms in the middle of the reply');
    expect(vendor.server.requests).toHaveLength(4);
    expect(vendor.server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('does not try again once the time spent is past the retry budget', async () => {
    vendor.server = await silentServer();
    let clock = 0;
    const { error } = await collect(
      local(vendor.server.url, () => {
        clock += 25_000;
        return clock;
      }),
    );
    expect((error as Error).message).toContain('sent nothing');
    expect(vendor.server.requests).toHaveLength(1);
  });
});

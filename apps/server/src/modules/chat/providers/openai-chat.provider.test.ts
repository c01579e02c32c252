import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { type FakeHandler, sendJson } from '../../../test/fake-http-server';
import { ChatProviderError } from './chat-provider.port';
import { DONE, chunk, collect, request, streamOf, usage, useFakeChatVendor } from './openai-stream.fixture';

const vendor = useFakeChatVendor();
const provider = (handler: FakeHandler) => vendor.provider(handler);

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
    const [sent] = vendor.server!.requests;
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
    expect(vendor.server!.requests).toHaveLength(1);
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
});

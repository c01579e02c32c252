import { describe, expect, it } from 'vitest';
import { sendJson } from '../../../test/fake-http-server';
import type { ChatChunk, ChatProvider, ChatRequest } from './chat-provider.port';
import { DONE, chunk, request, streamOf, useFakeChatVendor } from './openai-stream.fixture';

const vendor = useFakeChatVendor();

const withTools: ChatRequest = {
  ...request,
  tools: [{ name: 'send_selfie', description: 'Send a photo.', parameters: { type: 'object' } }],
};

async function run(chat: ChatProvider) {
  const chunks: ChatChunk[] = [];
  let error: unknown;
  try {
    for await (const item of chat.stream(withTools, new AbortController().signal)) chunks.push(item);
  } catch (caught) {
    error = caught;
  }
  return { chunks, error };
}

const call = (index: number, fn: Record<string, string>) => chunk({ tool_calls: [{ index, function: fn }] });

describe('functions called by an OpenAI-compatible chat model', () => {
  it('joins the pieces of each call, in the order of their index; a call with no text is an answer', async () => {
    const chat = await vendor.provider(
      streamOf([
        call(1, { name: 'other', arguments: '{"a":' }),
        call(0, { name: 'send_selfie', arguments: '{"descr' }),
        call(1, { arguments: '1}' }),
        call(0, { arguments: 'iption":"at the pier"}' }),
        call(2, { name: 'broken', arguments: '{"not json' }),
        chunk({}, { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }),
        DONE,
      ]),
    );
    const { chunks, error } = await run(chat);
    expect(error).toBeUndefined();
    expect(chunks).toEqual([
      { type: 'tool', name: 'send_selfie', arguments: { description: 'at the pier' } },
      { type: 'tool', name: 'other', arguments: { a: 1 } },
      { type: 'tool', name: 'broken', arguments: {} },
    ]);
    const sent = JSON.parse(vendor.server!.requests[0]!.body.toString()) as { tools: unknown };
    expect(sent.tools).toEqual([{ type: 'function', function: withTools.tools![0] }]);
  });

  it('reads the calls of a complete answer too', async () => {
    const message = {
      content: 'Here.',
      tool_calls: [{ id: 'c', type: 'function', function: { name: 'send_selfie', arguments: '{}' } }],
    };
    const chat = await vendor.provider((_request, res) => sendJson(res, 200, { choices: [{ message }] }));
    const { chunks } = await run(chat);
    expect(chunks).toEqual([
      { type: 'text', text: 'Here.' },
      { type: 'tool', name: 'send_selfie', arguments: {} },
    ]);
  });

  it('asks once more without tools after a 400 about them, and not after another 400', async () => {
    const chat = await vendor.provider((incoming, res) => {
      const tools = (JSON.parse(incoming.body.toString()) as { tools?: unknown }).tools;
      if (tools) return sendJson(res, 400, { error: { message: 'tools are not supported' } });
      return streamOf([chunk({ content: 'Hi' }), DONE])(incoming, res);
    });
    const { chunks } = await run(chat);
    expect(chunks).toEqual([{ type: 'text', text: 'Hi' }]);
    expect(vendor.server!.requests).toHaveLength(2);

    const refusing = await vendor.provider((_request, res) =>
      sendJson(res, 400, { error: { message: 'max_tokens is too large' } }),
    );
    const { error } = await run(refusing);
    expect(String(error)).toContain('max_tokens');
    expect(vendor.server!.requests).toHaveLength(1);
  });
});

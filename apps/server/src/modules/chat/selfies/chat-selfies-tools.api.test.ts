import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELFIE_TOOL, mediaListSchema } from '@baegen/shared/contract';
import { send, waitForMessage } from '../../../test/chat-kit';
import { type FakeServer, startFakeServer } from '../../../test/fake-http-server';
import { gatedImageProvider, pictured, startPortraitChat } from '../../../test/selfie-kit';
import { TEST_DIALECT } from '../../../test/test-app';
import { useSignedIn, useTestApp } from '../../../test/test-hooks';
import { DONE, chunk, usage } from '../providers/openai-stream.fixture';

interface SentRequest {
  messages: { role: string; content: string }[];
  tools?: unknown[];
}

const sentOf = (vendor: FakeServer, at = -1) =>
  JSON.parse(vendor.requests.at(at)!.body.toString('utf8')) as SentRequest;

/** The call's arguments, split where a vendor's stream splits them. */
const ARGUMENTS = JSON.stringify({ description: 'on the pier at sunset, *waving*' });

/**
 * A local OpenAI-compatible server. Asked for a photo, it answers with words and a `send_selfie`
 * call streamed in pieces; told it is "legacy", it refuses any request with tools as some do.
 */
function chatServer() {
  return startFakeServer((request, res) => {
    const body = JSON.parse(request.body.toString('utf8')) as SentRequest;
    const said = body.messages.filter((turn) => turn.role === 'user').at(-1)?.content ?? '';
    if (said.includes('legacy') && body.tools) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: '"tools" is not supported by this model' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk({ role: 'assistant', content: 'Here you go!' }));
    if (said.includes('photo')) {
      const call = {
        index: 0,
        id: 'call_1',
        type: 'function',
        function: { name: 'send_selfie', arguments: '' },
      };
      res.write(chunk({ tool_calls: [call] }));
      res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: ARGUMENTS.slice(0, 12) } }] }));
      res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: ARGUMENTS.slice(12) } }] }));
      res.write(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] })}\n\n`,
      );
    }
    res.write(usage(40, 4));
    res.end(DONE);
  });
}

describe(`pictures a chat model sends on its own (${TEST_DIALECT})`, () => {
  let vendor: FakeServer;
  beforeAll(async () => {
    vendor = await chatServer();
  });
  afterAll(async () => {
    await vendor.close();
  });
  const image = gatedImageProvider();
  const ctx = useTestApp(() => ({ CHAT_PROVIDER: 'openai', CHAT_BASE_URL: vendor.url }), {
    providers: { image: image.provider },
  });
  const alice = useSignedIn(ctx);

  it('offers send_selfie, and a call of it attaches her picture of the scene to that reply', async () => {
    const chat = await startPortraitChat(ctx, alice);
    const { reply } = await send(ctx.app, alice, chat.$id, 'Send me a photo of you?');
    const shown = await waitForMessage(ctx.app, alice, chat.$id, reply.$id, pictured);
    expect(shown).toMatchObject({ status: 'done', content: 'Here you go!' });
    expect(sentOf(vendor).tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'send_selfie',
          description: SELFIE_TOOL.description,
          parameters: {
            type: 'object',
            properties: { description: { type: 'string', description: SELFIE_TOOL.sceneDescription } },
            required: ['description'],
          },
        },
      },
    ]);
    expect(image.prompts.at(-1)).toContain('green eyes, braid');
    expect(image.prompts.at(-1)).toContain('on the pier at sunset, waving');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/media?characterId=${chat.characterId}`,
      headers: alice.headers,
    });
    const { documents } = mediaListSchema.parse(res.json());
    expect(documents.map((media) => media.url)).toEqual([shown.attachments[0]!.url]);
  });

  it('asks again without tools when the server refuses them, and a reply with no call has no picture', async () => {
    const chat = await startPortraitChat(ctx, alice);
    const before = vendor.requests.length;
    const { reply } = await send(ctx.app, alice, chat.$id, 'Hello, legacy model.');
    const done = await waitForMessage(ctx.app, alice, chat.$id, reply.$id, (m) => m.status !== 'streaming');
    expect(done).toMatchObject({ status: 'done', content: 'Here you go!', attachments: [] });
    expect(vendor.requests.length - before).toBe(2);
    expect(sentOf(vendor, -2).tools).toHaveLength(1);
    expect(sentOf(vendor).tools).toBeUndefined();
  });
});

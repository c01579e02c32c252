import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_COPY, CHAT_ERROR_CODES } from '@baegen/shared';
import { expectStopClosesUpstream, send, settledReply, startChat, waitForMessage } from '../../test/chat-kit';
import { type FakeServer, startFakeServer } from '../../test/fake-http-server';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';
import { DONE, chunk, usage } from './providers/openai-stream.fixture';

interface SentRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
}

/**
 * A local OpenAI-compatible server: what it answers depends on the user's last words. It notes
 * when a client closed a stream it was still writing.
 */
function chatServer(closed: number[]) {
  return startFakeServer(async (request, res) => {
    const body = JSON.parse(request.body.toString('utf8')) as SentRequest;
    const said = body.messages.filter((turn) => turn.role === 'user').at(-1)?.content ?? '';
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (said.includes('slowly')) {
      res.once('close', () => closed.push(Date.now()));
      for (let i = 0; i < 200 && !res.destroyed; i += 1) {
        res.write(chunk({ content: `word${i} ` }));
        await delay(50);
      }
      res.end();
      return;
    }
    // What OpenRouter and friends really send: a comment line, a role-only chunk, reasoning that
    // is not the reply, events split across writes, CRLF line ends, a usage chunk.
    res.write(': OPENROUTER PROCESSING\n\n');
    res.write(chunk({ role: 'assistant', content: '' }));
    res.write(chunk({ reasoning_content: 'thinking it over' }));
    const hello = chunk({ content: 'Hello ' }).replace(/\n/g, '\r\n');
    res.write(hello.slice(0, 10));
    await delay(5);
    res.write(hello.slice(10));
    res.write(chunk({ content: 'from the harbour.' }));
    if (said.includes('break')) {
      res.end(`data: ${JSON.stringify({ error: { message: 'Upstream overloaded', code: 502 } })}\n\n`);
      return;
    }
    res.write(usage(42, 5));
    res.end(DONE);
  });
}

describe(`replies from an OpenAI-compatible server (${TEST_DIALECT})`, () => {
  const closed: number[] = [];
  let vendor: FakeServer;
  beforeAll(async () => {
    vendor = await chatServer(closed);
  });
  afterAll(async () => {
    await vendor.close();
  });
  const ctx = useTestApp(() => ({
    CHAT_PROVIDER: 'openai',
    CHAT_BASE_URL: vendor.url,
    CHAT_MODEL: 'harbour-model-1',
  }));
  const alice = useSignedIn(ctx);

  it('streams the reply into the message, with its tokens and model; the card reaches the model', async () => {
    const { reply: done } = await settledReply(ctx.app, alice, 'Good evening!', 'Maren');
    expect(done).toMatchObject({
      status: 'done',
      content: 'Hello from the harbour.',
      tokens: 5,
      model: 'harbour-model-1',
      error: null,
    });
    const sent = JSON.parse(vendor.requests.at(-1)!.body.toString('utf8')) as SentRequest;
    expect(sent).toMatchObject({ model: 'harbour-model-1', stream: true });
    expect(sent.messages[0]!.role).toBe('system');
    // A character made in the form: her Appearance, her Background, her Personality Matrix.
    for (const part of ['red hair', 'Maren keeps the lighthouse.', 'warm']) {
      expect(sent.messages[0]!.content).toContain(part);
    }
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Good evening!' });
  });

  it('ends failed with the message users see when the server sends an error mid-stream, text kept', async () => {
    const { reply: failed } = await settledReply(ctx.app, alice, 'Please break now.');
    expect(failed).toMatchObject({
      status: 'failed',
      content: 'Hello from the harbour.',
      error: { code: CHAT_ERROR_CODES.replyFailed, message: CHAT_COPY.replyFailed },
    });
  });

  it('closes the upstream connection within 1 s of a stop', async () => {
    const chat = await startChat(ctx.app, alice);
    const { reply } = await send(ctx.app, alice, chat.$id, 'Count slowly for me.');
    await waitForMessage(ctx.app, alice, chat.$id, reply.$id, (m) => m.content.length > 0);
    await expectStopClosesUpstream(ctx.app, alice, chat.$id, closed);
  });
});

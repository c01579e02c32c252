import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERROR_CODES, type ChatMessage, chatPaths } from '@baegen/shared';
import { buildApp } from '../../app';
import {
  expectStopClosesUpstream,
  messagesOf,
  openChatStream,
  send,
  startChat,
  waitForMessage,
} from '../../test/chat-kit';
import { watchedDemoProvider } from '../../test/chat-provider-kit';
import { TEST_DIALECT, signIn } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

const done = (message: ChatMessage) => message.status === 'done';
const writing = (message: ChatMessage) => message.status === 'streaming' && message.content.length > 0;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe(`the event stream of a chat (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ CHAT_DEMO_DELAY_MS: '25' });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);
  let base: string;
  beforeAll(async () => {
    base = await listen(ctx.app);
  });

  it('opens at once, unbuffered, with a snapshot; 404 for a chat not the caller’s, before any stream', async () => {
    const chat = await startChat(ctx.app, alice);
    const stream = await openChatStream(base, alice, chat.$id);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    await stream.until(() => stream.events.length > 0);
    expect(stream.events[0]).toEqual({ event: 'snapshot', message: null });
    expect(stream.comments).toContain('connected');
    await stream.close();

    const foreign = await fetch(`${base}${chatPaths.events(chat.$id)}`, { headers: bob.headers });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await foreign.json()).toMatchObject({ error: { code: CHAT_ERROR_CODES.notFound } });
  });

  it('carries every state change and every delta; the text built from them is the reply saved', async () => {
    const chat = await startChat(ctx.app, alice);
    const stream = await openChatStream(base, alice, chat.$id);
    await stream.until(() => stream.events.length > 0);
    const { message, reply } = await send(ctx.app, alice, chat.$id, 'How was your day?');
    await stream.until(() => stream.messages().some((m) => m.$id === reply.$id && m.status === 'done'));
    const saved = await waitForMessage(ctx.app, alice, chat.$id, reply.$id, done);
    const states = stream.messages().map((m) => [m.$id, m.status]);
    expect(states).toEqual([
      [message.$id, 'done'],
      [reply.$id, 'streaming'],
      [reply.$id, 'done'],
    ]);
    const deltas = stream.events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((delta) => delta.text).join('')).toBe(saved.content);
    expect(stream.texts.get(reply.$id)).toBe(saved.content);
    await stream.close();
  });

  it('shows the text so far to a stream opened mid-reply (a reload), then goes on live', async () => {
    const chat = await startChat(ctx.app, alice);
    const { reply } = await send(ctx.app, alice, chat.$id, 'Tell me about the harbour.');
    await waitForMessage(ctx.app, alice, chat.$id, reply.$id, writing);
    const reloaded = await openChatStream(base, alice, chat.$id);
    await reloaded.until(() => reloaded.events.length > 0);
    const [snapshot] = reloaded.events;
    expect(snapshot).toMatchObject({ event: 'snapshot', message: { $id: reply.$id, status: 'streaming' } });
    const sofar = snapshot?.event === 'snapshot' ? snapshot.message!.content : '';
    expect(sofar.length).toBeGreaterThan(0);
    await reloaded.until(() => reloaded.messages().some((m) => m.$id === reply.$id && m.status === 'done'));
    const saved = await waitForMessage(ctx.app, alice, chat.$id, reply.$id, done);
    expect(saved.content.startsWith(sofar)).toBe(true);
    expect(reloaded.events.some((event) => event.event === 'delta')).toBe(true);
    expect(reloaded.texts.get(reply.$id)).toBe(saved.content);
    await reloaded.close();
  });

  it('finishes and saves a reply whose client went away mid-reply', async () => {
    const chat = await startChat(ctx.app, alice);
    const stream = await openChatStream(base, alice, chat.$id);
    const { reply } = await send(ctx.app, alice, chat.$id, 'Are you still there?');
    await stream.until(() => stream.events.some((event) => event.event === 'delta'));
    await stream.close();
    const saved = await waitForMessage(ctx.app, alice, chat.$id, reply.$id, done);
    expect(saved.content.length).toBeGreaterThan(stream.texts.get(reply.$id)!.length);
    expect(saved.tokens).toBeGreaterThan(0);
  });

  it("never carries another user's text", async () => {
    const aliceChat = await startChat(ctx.app, alice);
    const bobChat = await startChat(ctx.app, bob);
    const bobStream = await openChatStream(base, bob, bobChat.$id);
    const { reply } = await send(ctx.app, alice, aliceChat.$id, 'A secret for you alone.');
    const saved = await waitForMessage(ctx.app, alice, aliceChat.$id, reply.$id, done);
    await bobStream.until(() => bobStream.events.length > 0);
    expect(bobStream.events).toEqual([{ event: 'snapshot', message: null }]);
    expect(JSON.stringify(bobStream.events)).not.toContain(saved.content.slice(0, 20));
    await bobStream.close();
  });

  it('holds at most 20 open streams per user; 429 past that, a closed one frees its place', async () => {
    const chat = await startChat(ctx.app, bob);
    const streams = [];
    for (let i = 0; i < 20; i += 1) streams.push(await openChatStream(base, bob, chat.$id));
    const refused = await fetch(`${base}${chatPaths.events(chat.$id)}`, { headers: bob.headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ error: { code: CHAT_ERROR_CODES.tooManyStreams } });
    const other = await openChatStream(base, alice, (await startChat(ctx.app, alice)).$id);
    expect(other.response.status).toBe(200);
    await streams.pop()!.close();
    await expect
      .poll(async () => {
        const again = await openChatStream(base, bob, chat.$id);
        streams.push(again);
        return again.response.status;
      })
      .toBe(200);
    await Promise.all([...streams, other].map((stream) => stream.close()));
  });
});

if (TEST_DIALECT === 'postgres') {
  describe('two instances on one PostgreSQL database', () => {
    const onA = watchedDemoProvider(25);
    const onB = watchedDemoProvider(25);
    const ctx = useTestApp({}, { chatProvider: onA.provider });
    let b: FastifyInstance;
    const bases: Record<'a' | 'b', string> = { a: '', b: '' };
    beforeAll(async () => {
      b = await buildApp({
        env: ctx.env,
        database: ctx.database,
        clock: ctx.clock,
        chatProvider: onB.provider,
      });
      await b.ready();
      bases.a = await listen(ctx.app);
      bases.b = await listen(b);
    });
    afterAll(async () => {
      await b.close();
    });

    /** Which instance's worker took the reply (either may), and the other one. */
    const split = async (before: { a: number; b: number }) => {
      await expect.poll(() => onA.requests + onB.requests).toBe(before.a + before.b + 1);
      return onA.requests > before.a
        ? { writer: onA, away: { app: b, base: bases.b } }
        : { writer: onB, away: { app: ctx.app, base: bases.a } };
    };

    it('streams a reply made on one instance to a stream open on the other', async () => {
      const user = await signIn(ctx.app);
      const chat = await startChat(ctx.app, user);
      const streams = {
        a: await openChatStream(bases.a, user, chat.$id),
        b: await openChatStream(bases.b, user, chat.$id),
      };
      await streams.a.until(() => streams.a.events.length > 0);
      await streams.b.until(() => streams.b.events.length > 0);
      const before = { a: onA.requests, b: onB.requests };
      const { reply } = await send(ctx.app, user, chat.$id, 'Can you hear me from over there?');
      const { away } = await split(before);
      const remote = away.base === bases.a ? streams.a : streams.b;
      await remote.until(() => remote.messages().some((m) => m.$id === reply.$id && m.status === 'done'));
      const saved = await waitForMessage(ctx.app, user, chat.$id, reply.$id, done);
      expect(remote.events.filter((event) => event.event === 'delta').length).toBeGreaterThan(1);
      expect(remote.texts.get(reply.$id)).toBe(saved.content);
      await Promise.all([streams.a.close(), streams.b.close()]);
    });

    it('stops within 1 s a reply written on the other instance', async () => {
      const user = await signIn(ctx.app);
      const chat = await startChat(ctx.app, user);
      const before = { a: onA.requests, b: onB.requests };
      const { reply } = await send(ctx.app, user, chat.$id, 'Talk to me for a long while.');
      const { writer, away } = await split(before);
      await waitForMessage(ctx.app, user, chat.$id, reply.$id, writing);
      await expectStopClosesUpstream(away.app, user, chat.$id, writer.aborts);
      const [, , stopped] = await messagesOf(ctx.app, user, chat.$id);
      expect(stopped).toMatchObject({ status: 'stopped' });
    });
  });
}

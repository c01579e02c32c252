import { describe, expect, it } from 'vitest';
import { CHAT_COPY, CHAT_ERROR_CODES, type ChatMessage, chatMessageSchema, chatPaths } from '@baegen/shared';
import { messagesOf, send, settledReply, startChat, waitForMessage } from '../../test/chat-kit';
import { failingProvider, watchedDemoProvider } from '../../test/chat-provider-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

const done = (message: ChatMessage) => message.status === 'done';
const writing = (message: ChatMessage) => message.status === 'streaming' && message.content.length > 0;

describe(`replies: one at a time, stop, continue, swipes, edits (${TEST_DIALECT})`, () => {
  const demo = watchedDemoProvider(40);
  const ctx = useTestApp({}, { chatProvider: demo.provider });
  const alice = useSignedIn(ctx);
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: alice.headers, ...(payload === undefined ? {} : { payload }) });
  const expectBusy = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: CHAT_ERROR_CODES.busy, message: CHAT_COPY.busy } });
  };

  it('refuses a second send, a regenerate, a continue, an edit or a delete while a reply is written', async () => {
    const chat = await startChat(ctx.app, alice);
    const [greeting] = await messagesOf(ctx.app, alice, chat.$id);
    const { reply } = await send(ctx.app, alice, chat.$id, 'Tell me a long story.');
    expectBusy(await call('POST', chatPaths.messages(chat.$id), { content: 'And another?' }));
    expectBusy(await call('POST', `${chatPaths.message(chat.$id, greeting!.$id)}/regenerate`));
    expectBusy(await call('POST', `${chatPaths.message(chat.$id, greeting!.$id)}/continue`));
    expectBusy(await call('PATCH', chatPaths.message(chat.$id, reply.$id), { content: 'edited' }));
    expectBusy(await call('DELETE', chatPaths.message(chat.$id, reply.$id)));
    await waitForMessage(ctx.app, alice, chat.$id, reply.$id, done);
    expect(await messagesOf(ctx.app, alice, chat.$id)).toHaveLength(3);
  });

  it('starts one reply of many sent at once, the database deciding', async () => {
    const chat = await startChat(ctx.app, alice);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', chatPaths.messages(chat.$id), { content: `hello ${i}` }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    const messages = await messagesOf(ctx.app, alice, chat.$id);
    expect(messages).toHaveLength(3);
    expect((await call('GET', chatPaths.one(chat.$id))).json()).toMatchObject({ messageCount: 3 });
    await waitForMessage(ctx.app, alice, chat.$id, messages[2]!.$id, done);
  });

  it('stops a reply: its text so far kept, the provider request aborted within 1 s; Continue goes on', async () => {
    const chat = await startChat(ctx.app, alice);
    const { reply } = await send(ctx.app, alice, chat.$id, 'Tell me about the sea.');
    await waitForMessage(ctx.app, alice, chat.$id, reply.$id, writing);
    const abortsBefore = demo.aborts.length;
    const stoppedAt = Date.now();
    const res = await call('POST', chatPaths.stop(chat.$id));
    expect(res.statusCode, res.body).toBe(200);
    const stopped = chatMessageSchema.parse(res.json());
    expect(stopped).toMatchObject({ $id: reply.$id, status: 'stopped' });
    expect(stopped.content.length).toBeGreaterThan(0);
    await expect.poll(() => demo.aborts.length, { timeout: 1000 }).toBe(abortsBefore + 1);
    expect(demo.aborts.at(-1)! - stoppedAt).toBeLessThan(1000);
    // Nothing more is written after the stop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = (await messagesOf(ctx.app, alice, chat.$id)).find((m) => m.$id === reply.$id)!;
    expect(after).toMatchObject({ status: 'stopped', content: stopped.content, swipes: [stopped.content] });
    expect((await call('POST', chatPaths.stop(chat.$id))).json()).toMatchObject({
      error: { code: CHAT_ERROR_CODES.idle },
    });

    const continued = await call('POST', `${chatPaths.message(chat.$id, reply.$id)}/continue`);
    expect(continued.statusCode, continued.body).toBe(202);
    expect(chatMessageSchema.parse(continued.json())).toMatchObject({
      status: 'streaming',
      content: stopped.content,
    });
    const finished = await waitForMessage(ctx.app, alice, chat.$id, reply.$id, done);
    expect(finished.content.startsWith(stopped.content)).toBe(true);
    expect(finished.content.length).toBeGreaterThan(stopped.content.length);
    expect(finished.swipes).toEqual([finished.content]);
  });

  it('regenerates a reply as a new swipe, and shows any swipe on request', async () => {
    const chat = await startChat(ctx.app, alice);
    const { message, reply } = await send(ctx.app, alice, chat.$id, 'Hi!');
    const first = await waitForMessage(ctx.app, alice, chat.$id, reply.$id, done);
    const res = await call('POST', `${chatPaths.message(chat.$id, reply.$id)}/regenerate`);
    expect(res.statusCode, res.body).toBe(202);
    expect(chatMessageSchema.parse(res.json())).toMatchObject({
      status: 'streaming',
      content: '',
      swipes: [first.content, ''],
      swipeIndex: 1,
    });
    const second = await waitForMessage(ctx.app, alice, chat.$id, reply.$id, done);
    expect(second.swipes).toEqual([first.content, second.content]);
    expect(second.content.length).toBeGreaterThan(0);
    // Another try answers otherwise, even from the scripted demo.
    expect(second.content).not.toBe(first.content);

    const pick = (swipeIndex: number) =>
      call('PATCH', chatPaths.message(chat.$id, reply.$id), { swipeIndex });
    expect((await pick(0)).json()).toMatchObject({ content: first.content, swipeIndex: 0 });
    expect((await pick(1)).json()).toMatchObject({ content: second.content, swipeIndex: 1 });
    const outOfRange = await pick(2);
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toMatchObject({ error: { code: CHAT_ERROR_CODES.swipeOutOfRange } });
    const notAReply = await call('POST', `${chatPaths.message(chat.$id, message.$id)}/regenerate`);
    expect(notAReply.statusCode).toBe(400);
    expect(notAReply.json()).toMatchObject({ error: { code: CHAT_ERROR_CODES.notAReply } });
    expect(
      (await call('POST', `${chatPaths.message(chat.$id, 'no-such-message')}/regenerate`)).statusCode,
    ).toBe(404);
  });

  it("edits a message's text, a swipe's text, and deletes messages", async () => {
    const chat = await startChat(ctx.app, alice);
    const { message, reply } = await send(ctx.app, alice, chat.$id, 'Hullo');
    await waitForMessage(ctx.app, alice, chat.$id, reply.$id, done);
    const edited = await call('PATCH', chatPaths.message(chat.$id, message.$id), { content: 'Hello' });
    expect(edited.json()).toMatchObject({ content: 'Hello', swipes: ['Hello'], status: 'done' });
    await call('POST', `${chatPaths.message(chat.$id, reply.$id)}/regenerate`);
    const regenerated = await waitForMessage(ctx.app, alice, chat.$id, reply.$id, done);
    const rewritten = await call('PATCH', chatPaths.message(chat.$id, reply.$id), {
      swipeIndex: 0,
      content: 'Rewritten first swipe',
    });
    expect(rewritten.json()).toMatchObject({
      content: 'Rewritten first swipe',
      swipes: ['Rewritten first swipe', regenerated.swipes[1]],
      swipeIndex: 0,
    });

    expect((await call('DELETE', chatPaths.message(chat.$id, message.$id))).statusCode).toBe(204);
    expect((await call('DELETE', chatPaths.message(chat.$id, message.$id))).statusCode).toBe(404);
    const left = await messagesOf(ctx.app, alice, chat.$id);
    expect(left.map((m) => m.$id)).not.toContain(message.$id);
    expect((await call('GET', chatPaths.one(chat.$id))).json()).toMatchObject({ messageCount: left.length });
  });
});

describe(`a reply the provider fails (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({}, { chatProvider: failingProvider(['Once', ' upon']) });
  const alice = useSignedIn(ctx);

  it('ends failed with the message users see, keeping the text received; regenerate tries again', async () => {
    const { chat, reply } = await settledReply(ctx.app, alice, 'A story, please.');
    expect(reply).toMatchObject({
      status: 'failed',
      content: 'Once upon',
      error: { code: CHAT_ERROR_CODES.replyFailed, message: 'Failed to get a reply. Please try again.' },
      model: 'failing-model',
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `${chatPaths.message(chat.$id, reply.$id)}/regenerate`,
      headers: alice.headers,
    });
    expect(again.json()).toMatchObject({ status: 'streaming', error: null, swipeIndex: 1 });
    await waitForMessage(ctx.app, alice, chat.$id, reply.$id, (m) => m.status === 'failed');
  });
});

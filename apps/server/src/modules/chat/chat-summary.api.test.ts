import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type Chat, chatContextSchema, chatPaths, chatSchema } from '@baegen/shared';
import { send, startChat, waitForMessage } from '../../test/chat-kit';
import { watchedDemoProvider } from '../../test/chat-provider-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../../test/test-hooks';
import { SECTION } from './prompt/prompt-sections';

const CHATTER = (i: number) =>
  i % 2 === 0 ? `The tide turned ${i} times over the harbour stones.` : `Gulls circled the mast ${i} times.`;

describe(`the rolling summary of a chat (${TEST_DIALECT})`, () => {
  const demo = watchedDemoProvider(0);
  const ctx = useTestApp(
    { CHAT_CONTEXT_TOKENS: '1024', CHAT_MAX_REPLY_TOKENS: '200', CHAT_SUMMARY_EVERY: '10' },
    { chatProvider: demo.provider },
  );
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  const getChat = async (who: SignedIn, chatId: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: chatPaths.one(chatId), headers: who.headers });
    return { status: res.statusCode, chat: res.statusCode === 200 ? chatSchema.parse(res.json()) : null };
  };

  const waitForSummary = async (who: SignedIn, chatId: string, done: (chat: Chat) => boolean) => {
    for (let tries = 0; tries < 200; tries += 1) {
      const { chat } = await getChat(who, chatId);
      if (chat && done(chat)) return chat;
      await sleep(50);
    }
    throw new Error('the summary never came');
  };

  const talk = async (who: SignedIn, chatId: string, text: string) => {
    const { reply } = await send(ctx.app, who, chatId, text);
    await waitForMessage(ctx.app, who, chatId, reply.$id, (m) => m.status === 'done');
  };

  it('folds the messages that left the window into a summary the next prompt carries', async () => {
    const chat = await startChat(ctx.app, alice, 'Mira');
    expect(chat.summary).toBe('');
    await talk(alice, chat.$id, 'My dog is called Biscuit.');
    for (let i = 0; i < 24; i += 1) await talk(alice, chat.$id, CHATTER(i));

    const summarised = await waitForSummary(alice, chat.$id, (c) => c.summary.includes('Biscuit'));
    expect(summarised.summary).toContain('My dog is called Biscuit.');
    expect(summarised.summaryUpdatedAt).not.toBeNull();
    // A non-streamed request that names the characters, off the replies' path.
    const request = demo.summaries.at(-1)!;
    expect(request.stream).toBe(false);
    expect(request.messages[1]!.content).toContain('User: My dog is called Biscuit.');

    await talk(alice, chat.$id, 'Tell me a story.');
    const system = demo.sent.at(-1)!.messages[0]!.content;
    expect(system).toContain(`${SECTION.summary}\nUser: My dog is called Biscuit.`);

    const res = await ctx.app.inject({
      method: 'GET',
      url: chatPaths.context(chat.$id),
      headers: alice.headers,
    });
    const context = chatContextSchema.parse(res.json());
    expect(context.parts.summary).toBeGreaterThan(0);
    expect(context.lastReply?.parts.summary).toBeGreaterThan(0);
    expect(context.lastReply?.droppedMessages).toBeGreaterThan(0);
  });

  it('rebuilds the summary from the start, for its owner only', async () => {
    const chat = await startChat(ctx.app, alice, 'Mira');
    await talk(alice, chat.$id, 'I live in a lighthouse.');
    for (let i = 0; i < 24; i += 1) await talk(alice, chat.$id, CHATTER(i));
    const first = await waitForSummary(alice, chat.$id, (c) => c.summary.includes('lighthouse'));

    const refused = await ctx.app.inject({
      method: 'POST',
      url: chatPaths.rebuildSummary(chat.$id),
      headers: bob.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect((await getChat(alice, chat.$id)).chat?.summary).toBe(first.summary);

    const res = await ctx.app.inject({
      method: 'POST',
      url: chatPaths.rebuildSummary(chat.$id),
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(202);
    expect(chatSchema.parse(res.json())).toMatchObject({ summary: '', summaryUpdatedAt: null });
    const rebuilt = await waitForSummary(alice, chat.$id, (c) => c.summaryUpdatedAt !== null);
    expect(rebuilt.summary).toContain('I live in a lighthouse.');
  });

  it('has no summary while the chat fits in the context', async () => {
    const chat = await startChat(ctx.app, bob, 'Mira');
    await talk(bob, chat.$id, 'Hello there.');
    await sleep(200);
    expect((await getChat(bob, chat.$id)).chat?.summary).toBe('');
    const res = await ctx.app.inject({
      method: 'GET',
      url: chatPaths.context(chat.$id),
      headers: bob.headers,
    });
    const context = chatContextSchema.parse(res.json());
    expect(context.parts.summary).toBe(0);
    expect(context.lastReply?.droppedMessages).toBe(0);
    // Nothing to summarise: the empty summary is written at once, and no job is left to wait for.
    const rebuild = await ctx.app.inject({
      method: 'POST',
      url: chatPaths.rebuildSummary(chat.$id),
      headers: bob.headers,
    });
    expect(rebuild.statusCode).toBe(202);
    const rebuilt = chatSchema.parse(rebuild.json());
    expect(rebuilt.summary).toBe('');
    expect(rebuilt.summaryUpdatedAt).not.toBeNull();
  });
});

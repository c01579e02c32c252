import { describe, expect, it } from 'vitest';
import { chatContextSchema, chatPaths } from '@baegen/shared/contract';
import { send, startChat, waitForMessage } from '../../test/chat-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../../test/test-hooks';

describe(`how much of the context a chat takes (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({
    CHAT_DEMO_DELAY_MS: '0',
    CHAT_CONTEXT_TOKENS: '1200',
    CHAT_MAX_REPLY_TOKENS: '200',
  });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);
  const context = async (who: SignedIn, chatId: string) =>
    ctx.app.inject({ method: 'GET', url: chatPaths.context(chatId), headers: who.headers });
  const usage = async (chatId: string) => {
    const res = await context(alice, chatId);
    expect(res.statusCode, res.body).toBe(200);
    return chatContextSchema.parse(res.json());
  };

  it('counts the prompt of the next reply, grows with the chat and leaves out the oldest past the budget', async () => {
    const chat = await startChat(ctx.app, alice, 'Mira');
    const first = await usage(chat.$id);
    expect(first).toMatchObject({
      contextTokens: 1200,
      budgetTokens: 1000,
      historyMessages: 1,
      droppedMessages: 0,
    });
    expect(first.usedTokens).toBeGreaterThan(0);

    const sent = await send(ctx.app, alice, chat.$id, 'Tell me about the lighthouse by the harbour.');
    await waitForMessage(ctx.app, alice, chat.$id, sent.reply.$id, (m) => m.status === 'done');
    const second = await usage(chat.$id);
    expect(second.historyMessages).toBe(3);
    expect(second.usedTokens).toBeGreaterThan(first.usedTokens);

    const long = 'The keeper climbs the stairs every night and counts them out loud. '.repeat(40);
    for (let i = 0; i < 3; i += 1) {
      const next = await send(ctx.app, alice, chat.$id, long);
      await waitForMessage(ctx.app, alice, chat.$id, next.reply.$id, (m) => m.status === 'done');
    }
    const full = await usage(chat.$id);
    expect(full.droppedMessages).toBeGreaterThan(0);
    expect(full.usedTokens).toBeLessThanOrEqual(full.budgetTokens);
  });

  it("answers 404 for another user's chat", async () => {
    const chat = await startChat(ctx.app, alice, 'Nova');
    expect((await context(bob, chat.$id)).statusCode).toBe(404);
  });
});

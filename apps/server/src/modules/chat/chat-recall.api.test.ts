import { describe, expect, it } from 'vitest';
import { type Chat, type ChatMessage, chatMessageListSchema, chatPaths, chatSchema } from '@baegen/shared';
import { send, startChat, waitForMessage } from '../../test/chat-kit';
import { watchedDemoProvider } from '../../test/chat-provider-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../../test/test-hooks';
import { RECALL_HEADING } from './prompt/recalled-section';

/** Enough small talk to push the first message far out of a 1,024-token context. */
const SMALL_TALK = Array.from({ length: 300 }, (_, i) =>
  i % 2 === 0 ? `The tide turned ${i} times over the harbour stones.` : `Gulls circled the mast ${i} times.`,
);

describe(`older messages recalled into the prompt (${TEST_DIALECT})`, () => {
  const demo = watchedDemoProvider(0);
  const ctx = useTestApp(
    { CHAT_CONTEXT_TOKENS: '1024', CHAT_MAX_REPLY_TOKENS: '200' },
    { chatProvider: demo.provider },
  );
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  /** A chat of `who`'s that opens with `fact` and goes on for 300 messages. */
  const longChat = async (who: SignedIn, fact: string): Promise<Chat> => {
    const started = await startChat(ctx.app, who, 'Mira');
    const lines = [
      { user_name: 'Sam', character_name: 'Mira' },
      { name: 'Sam', is_user: true, mes: fact },
    ];
    SMALL_TALK.forEach((mes, i) => lines.push({ name: i % 2 ? 'Sam' : 'Mira', is_user: i % 2 === 1, mes }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: chatPaths.import(started.characterId),
      headers: { ...who.headers, 'content-type': 'application/jsonl' },
      payload: lines.map((line) => JSON.stringify(line)).join('\n'),
    });
    expect(res.statusCode, res.body).toBe(201);
    return chatSchema.parse(res.json());
  };

  /** The chat's first message, paged back to through the list (newest first). */
  const oldest = async (who: SignedIn, chat: Chat): Promise<ChatMessage> => {
    let cursor: string | null = null;
    let last: ChatMessage | undefined;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await ctx.app.inject({
        url: `${chatPaths.messages(chat.$id)}?limit=100${query}`,
        headers: who.headers,
      });
      const page = chatMessageListSchema.parse(res.json());
      last = page.documents.at(-1) ?? last;
      cursor = page.nextCursor;
    } while (cursor);
    return last!;
  };

  /** The system turn of recalled messages in the request of the reply to `question`. */
  const recalledFor = async (who: SignedIn, chat: Chat, question: string) => {
    const { reply } = await send(ctx.app, who, chat.$id, question);
    await waitForMessage(ctx.app, who, chat.$id, reply.$id, (m) => m.status === 'done');
    const request = demo.sent.at(-1)!;
    const recalled = request.messages.filter((turn) => turn.content.startsWith(RECALL_HEADING));
    return { request, recalled };
  };

  it("sends a fact from 300 messages back when the user's latest words ask for it", async () => {
    const chat = await longChat(alice, 'My dog is called Biscuit.');
    const { request, recalled } = await recalledFor(alice, chat, "What's my dog called?");
    expect(recalled).toEqual([
      { role: 'system', content: `${RECALL_HEADING}\nSam: My dog is called Biscuit.` },
    ]);
    // Placed after the card, before the history, and not in the history itself.
    expect(request.messages.indexOf(recalled[0]!)).toBe(1);
    const biscuits = request.messages.filter((turn) => turn.content.includes('Biscuit'));
    expect(biscuits).toHaveLength(1);
  });

  it('recalls nothing when no older message matches, and never from another chat', async () => {
    const bobs = await longChat(bob, 'My cat is called Pepper.');
    const alices = await longChat(alice, 'I grew up by the sea.');
    const { request, recalled } = await recalledFor(alice, alices, 'Is my cat called Pepper?');
    expect(recalled).toEqual([]);
    expect(JSON.stringify(request.messages)).not.toContain('Pepper.');
    const own = await recalledFor(bob, bobs, 'Is my cat called Pepper?');
    expect(own.recalled[0]?.content).toContain('Sam: My cat is called Pepper.');
  });

  it('follows an edit of the old message and forgets it once deleted', async () => {
    const chat = await longChat(alice, 'My dog is called Biscuit.');
    const fact = await oldest(alice, chat);
    const call = (method: 'PATCH' | 'DELETE', payload?: object) =>
      ctx.app.inject({
        method,
        url: chatPaths.message(chat.$id, fact.$id),
        headers: alice.headers,
        payload,
      });
    expect((await call('PATCH', { content: 'My parrot is called Mango.' })).statusCode).toBe(200);
    expect((await recalledFor(alice, chat, 'Remember my dog?')).recalled).toEqual([]);
    const parrot = await recalledFor(alice, chat, 'Remember my parrot?');
    expect(parrot.recalled[0]?.content).toBe(`${RECALL_HEADING}\nSam: My parrot is called Mango.`);
    expect((await call('DELETE')).statusCode).toBe(204);
    expect((await recalledFor(alice, chat, 'Remember my parrot?')).recalled).toEqual([]);
  });
});

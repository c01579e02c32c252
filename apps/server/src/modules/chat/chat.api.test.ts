import { describe, expect, it } from 'vitest';
import {
  CHAT_ERROR_CODES,
  CHAT_LIMITS,
  chatListSchema,
  chatMessageListSchema,
  chatPaths,
  chatSchema,
} from '@baegen/shared';
import { messagesOf, send, startChat, waitForMessage } from '../../test/chat-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

describe(`chats (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ CHAT_DEMO_DELAY_MS: '0' });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who = alice, payload?: object) =>
    ctx.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

  it('makes a chat whose first message greets the user, then talks, lists, renames and deletes', async () => {
    const chat = await startChat(ctx.app, alice, 'Mira');
    expect(chat).toMatchObject({ title: 'Chat with Mira', userName: 'User', memory: '', messageCount: 1 });
    const [greeting] = await messagesOf(ctx.app, alice, chat.$id);
    expect(greeting).toMatchObject({ role: 'assistant', status: 'done', swipeIndex: 0, error: null });
    expect(greeting!.content).toContain('Mira');
    expect(greeting!.swipes).toEqual([greeting!.content]);

    const sent = await send(ctx.app, alice, chat.$id, 'Tell me about the lighthouse.');
    expect(sent.message).toMatchObject({
      role: 'user',
      status: 'done',
      content: 'Tell me about the lighthouse.',
    });
    expect(sent.reply).toMatchObject({ role: 'assistant', status: 'streaming', content: '', swipes: [''] });
    const reply = await waitForMessage(ctx.app, alice, chat.$id, sent.reply.$id, (m) => m.status === 'done');
    expect(reply.content.length).toBeGreaterThan(0);
    expect(reply.swipes).toEqual([reply.content]);
    expect(reply.model).toBe('demo');
    expect(reply.tokens).toBeGreaterThan(0);

    const all = await messagesOf(ctx.app, alice, chat.$id);
    expect(all.map((m) => m.$id)).toEqual([greeting!.$id, sent.message.$id, sent.reply.$id]);
    const renamed = await call('PATCH', chatPaths.one(chat.$id), alice, {
      title: 'Harbour nights',
      memory: 'Alice is afraid of heights.',
      userName: 'Alice',
    });
    expect(chatSchema.parse(renamed.json())).toMatchObject({
      title: 'Harbour nights',
      memory: 'Alice is afraid of heights.',
      userName: 'Alice',
      messageCount: 3,
    });
    expect((await call('GET', chatPaths.one(chat.$id))).json()).toMatchObject({ title: 'Harbour nights' });

    expect((await call('DELETE', chatPaths.one(chat.$id))).statusCode).toBe(204);
    expect((await call('GET', chatPaths.one(chat.$id))).statusCode).toBe(404);
    expect((await call('GET', chatPaths.messages(chat.$id))).statusCode).toBe(404);
    expect((await call('DELETE', chatPaths.one(chat.$id))).statusCode).toBe(404);
  });

  it('lists chats newest activity first, by character, a page at a time', async () => {
    const first = await startChat(ctx.app, bob, 'Ada');
    ctx.clock.advance(1000);
    const second = await startChat(ctx.app, bob, 'Bea');
    ctx.clock.advance(1000);
    const sent = await send(ctx.app, bob, first.$id, 'Still there?');
    await waitForMessage(ctx.app, bob, first.$id, sent.reply.$id, (m) => m.status === 'done');

    const page = chatListSchema.parse((await call('GET', `${chatPaths.list}?limit=1`, bob)).json());
    expect(page.documents.map((c) => c.$id)).toEqual([first.$id]);
    expect(page.nextCursor).not.toBeNull();
    const next = chatListSchema.parse(
      (await call('GET', `${chatPaths.list}?limit=1&cursor=${page.nextCursor}`, bob)).json(),
    );
    expect(next.documents.map((c) => c.$id)).toEqual([second.$id]);
    expect(next.nextCursor).toBeNull();

    const byCharacter = chatListSchema.parse(
      (await call('GET', `${chatPaths.list}?characterId=${second.characterId}`, bob)).json(),
    );
    expect(byCharacter.documents.map((c) => c.$id)).toEqual([second.$id]);
    expect((await call('GET', `${chatPaths.list}?cursor=not-a-cursor`, bob)).statusCode).toBe(400);
  });

  it('pages messages from the newest, each page oldest first, the cursor leading back', async () => {
    const chat = await startChat(ctx.app, alice, 'Pia');
    for (const text of ['one', 'two']) {
      const { reply } = await send(ctx.app, alice, chat.$id, text);
      await waitForMessage(ctx.app, alice, chat.$id, reply.$id, (m) => m.status === 'done');
    }
    const all = await messagesOf(ctx.app, alice, chat.$id);
    expect(all).toHaveLength(5);
    const newest = chatMessageListSchema.parse(
      (await call('GET', `${chatPaths.messages(chat.$id)}?limit=2`)).json(),
    );
    expect(newest.documents.map((m) => m.$id)).toEqual(all.slice(3).map((m) => m.$id));
    const older = chatMessageListSchema.parse(
      (await call('GET', `${chatPaths.messages(chat.$id)}?limit=2&cursor=${newest.nextCursor}`)).json(),
    );
    expect(older.documents.map((m) => m.$id)).toEqual(all.slice(1, 3).map((m) => m.$id));
    const oldest = chatMessageListSchema.parse(
      (await call('GET', `${chatPaths.messages(chat.$id)}?limit=2&cursor=${older.nextCursor}`)).json(),
    );
    expect(oldest.documents.map((m) => m.$id)).toEqual([all[0]!.$id]);
    expect(oldest.nextCursor).toBeNull();
    expect((await call('GET', `${chatPaths.messages(chat.$id)}?cursor=eyJ4IjoxfQ`)).statusCode).toBe(400);
  });

  it('greets with the card: its first message and alternate greetings as swipes, macros applied', async () => {
    const card = {
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        name: 'Seraphina',
        nickname: 'Sera',
        description: 'A guardian of the forest.',
        first_mes: '*{{char}} smiles at {{user}}.* Welcome to my glade.',
        alternate_greetings: ['Oh, {{user}}! You came back.'],
      },
    };
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters/import',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(card),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const created = await call('POST', chatPaths.create(imported.json<{ $id: string }>().$id), alice, {
      userName: 'Alice',
    });
    expect(created.statusCode, created.body).toBe(201);
    const chat = chatSchema.parse(created.json());
    expect(chat).toMatchObject({ title: 'Chat with Seraphina', userName: 'Alice' });
    const [greeting] = await messagesOf(ctx.app, alice, chat.$id);
    expect(greeting!.content).toBe('*Sera smiles at Alice.* Welcome to my glade.');
    expect(greeting!.swipes).toEqual([greeting!.content, 'Oh, Alice! You came back.']);
  });

  it('refuses empty, blank and over-long messages and malformed bodies with 400', async () => {
    const chat = await startChat(ctx.app, alice, 'Lea');
    const sendRaw = (payload: object) => call('POST', chatPaths.messages(chat.$id), alice, payload);
    for (const content of ['', '   \n ', 'x'.repeat(CHAT_LIMITS.content + 1), 'nul\u0000byte']) {
      expect((await sendRaw({ content })).statusCode).toBe(400);
    }
    expect((await sendRaw({})).statusCode).toBe(400);
    expect((await sendRaw({ content: 'hi', extra: 1 })).statusCode).toBe(400);
    expect((await call('PATCH', chatPaths.one(chat.$id), alice, { title: '' })).statusCode).toBe(400);
    expect((await call('PATCH', chatPaths.one(chat.$id), alice, { owner: 'x' })).statusCode).toBe(400);
    const [greeting] = await messagesOf(ctx.app, alice, chat.$id);
    const edit = (payload: object) =>
      call('PATCH', chatPaths.message(chat.$id, greeting!.$id), alice, payload);
    expect((await edit({})).statusCode).toBe(400);
    expect((await edit({ content: ' ' })).statusCode).toBe(400);
    const longest = await sendRaw({ content: 'y'.repeat(CHAT_LIMITS.content) });
    expect(longest.statusCode).toBe(202);
    expect((await call('POST', chatPaths.create('no-such-character'))).statusCode).toBe(404);
  });

  it("keeps every chat to its owner: another user's chat, messages, stream and export are 404", async () => {
    const chat = await startChat(ctx.app, alice, 'Ivy');
    const [greeting] = await messagesOf(ctx.app, alice, chat.$id);
    const message = chatPaths.message(chat.$id, greeting!.$id);
    const attempts = [
      call('GET', chatPaths.one(chat.$id), bob),
      call('PATCH', chatPaths.one(chat.$id), bob, { title: 'mine now' }),
      call('DELETE', chatPaths.one(chat.$id), bob),
      call('GET', chatPaths.messages(chat.$id), bob),
      call('POST', chatPaths.messages(chat.$id), bob, { content: 'hello' }),
      call('POST', `${message}/regenerate`, bob),
      call('POST', `${message}/continue`, bob),
      call('PATCH', message, bob, { content: 'changed' }),
      call('DELETE', message, bob),
      call('POST', chatPaths.stop(chat.$id), bob),
      call('GET', chatPaths.events(chat.$id), bob),
      call('GET', chatPaths.export(chat.$id), bob),
      call('POST', chatPaths.create(chat.characterId), bob),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    const bobs = chatListSchema.parse((await call('GET', chatPaths.list, bob)).json());
    expect(bobs.documents.map((c) => c.$id)).not.toContain(chat.$id);
    // Alice's chat is as she left it.
    expect((await call('GET', chatPaths.one(chat.$id))).json()).toMatchObject({
      title: chat.title,
      messageCount: 1,
    });
    expect((await messagesOf(ctx.app, alice, chat.$id))[0]!.content).toBe(greeting!.content);
  });

  it('answers 401 without a session and 409 CHAT_IDLE when nothing streams', async () => {
    const chat = await startChat(ctx.app, alice, 'Ola');
    expect((await ctx.app.inject({ method: 'GET', url: chatPaths.list })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: chatPaths.events(chat.$id) })).statusCode).toBe(401);
    const stop = await call('POST', chatPaths.stop(chat.$id));
    expect(stop.statusCode).toBe(409);
    expect(stop.json()).toMatchObject({ error: { code: CHAT_ERROR_CODES.idle } });
  });

  it('takes its chats with it when the character is deleted', async () => {
    const chat = await startChat(ctx.app, alice, 'Gone');
    expect((await call('DELETE', `/api/characters/${chat.characterId}`)).statusCode).toBe(204);
    expect((await call('GET', chatPaths.one(chat.$id))).statusCode).toBe(404);
  });
});

import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CHAT_ERROR_CODES, CHAT_LIMITS, type ChatMessage, chatPaths, chatSchema } from '@baegen/shared';
import { messagesOf, send, startChat, waitForMessage } from '../../test/chat-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

const done = (message: ChatMessage) => message.status === 'done';
const shape = (messages: ChatMessage[]) =>
  messages.map(({ role, content, swipes, swipeIndex, status }) => ({
    role,
    content,
    swipes,
    swipeIndex,
    status,
  }));

describe(`chats as SillyTavern JSONL (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ CHAT_DEMO_DELAY_MS: '0' });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);
  const importChat = (characterId: string, body: string | Buffer, type = 'application/jsonl', who = alice) =>
    ctx.app.inject({
      method: 'POST',
      url: chatPaths.import(characterId),
      headers: { ...who.headers, 'content-type': type },
      payload: body,
    });

  it('exports a chat and imports it back with its messages, swipes and swipe index', async () => {
    const chat = await startChat(ctx.app, alice, 'Nova');
    const { reply } = await send(ctx.app, alice, chat.$id, 'Hello, Nova.');
    await waitForMessage(ctx.app, alice, chat.$id, reply.$id, done);
    await ctx.app.inject({
      method: 'POST',
      url: `${chatPaths.message(chat.$id, reply.$id)}/regenerate`,
      headers: alice.headers,
    });
    await waitForMessage(ctx.app, alice, chat.$id, reply.$id, (m) => done(m) && m.swipes.length === 2);
    await ctx.app.inject({
      method: 'PATCH',
      url: chatPaths.message(chat.$id, reply.$id),
      headers: alice.headers,
      payload: { swipeIndex: 0 },
    });
    await ctx.app.inject({
      method: 'PATCH',
      url: chatPaths.one(chat.$id),
      headers: alice.headers,
      payload: { title: 'First evening', memory: 'Alice sails.', userName: 'Alice' },
    });
    const original = await messagesOf(ctx.app, alice, chat.$id);

    const exported = await ctx.app.inject({
      method: 'GET',
      url: chatPaths.export(chat.$id),
      headers: alice.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/jsonl/);
    expect(exported.headers['content-disposition']).toContain('filename="Nova_2026-01-01@00h00m00s.jsonl"');
    const lines = exported.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({
      user_name: 'Alice',
      character_name: 'Nova',
      create_date: '2026-01-01@00h00m00s',
    });
    expect(lines.slice(1).map((line) => [line.is_user, line.mes, line.swipe_id])).toEqual(
      original.map((m) => [m.role === 'user', m.content, m.swipeIndex]),
    );

    const res = await importChat(chat.characterId, exported.body);
    expect(res.statusCode, res.body).toBe(201);
    const imported = chatSchema.parse(res.json());
    expect(imported).toMatchObject({
      characterId: chat.characterId,
      title: 'First evening',
      memory: 'Alice sails.',
      userName: 'Alice',
      messageCount: original.length,
    });
    expect(imported.$id).not.toBe(chat.$id);
    const back = await messagesOf(ctx.app, alice, imported.$id);
    expect(shape(back)).toEqual(shape(original));
    expect(back[2]!.swipes).toHaveLength(2);
    expect(back[2]).toMatchObject({ model: 'demo', tokens: original[2]!.tokens });
  });

  it('reads JSONL sent as application/x-ndjson, text/plain, or a JSON array of its lines', async () => {
    const chat = await startChat(ctx.app, alice, 'Ode');
    const lines = [
      { user_name: 'You', character_name: 'Ode', create_date: '2024-7-12@01h31m37s', chat_metadata: {} },
      { name: 'Ode', is_user: false, is_system: false, send_date: 'July 12, 2024 1:31am', mes: 'Hi.' },
      { name: 'You', is_user: true, is_system: false, send_date: 'July 12, 2024 1:32am', mes: 'Hey.' },
    ];
    const jsonl = lines.map((line) => JSON.stringify(line)).join('\r\n');
    for (const [type, body] of [
      ['application/x-ndjson', jsonl],
      ['text/plain; charset=utf-8', jsonl],
      ['application/json', JSON.stringify(lines)],
    ] as const) {
      const res = await importChat(chat.characterId, body, type);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(201);
      const imported = chatSchema.parse(res.json());
      expect(imported).toMatchObject({ title: 'Chat with Ode', userName: 'You', messageCount: 2 });
      expect(imported.lastMessageAt).toBe('2024-07-12T01:32:00.000Z');
      const messages = await messagesOf(ctx.app, alice, imported.$id);
      expect(messages.map((m) => [m.role, m.content, m.createdAt])).toEqual([
        ['assistant', 'Hi.', '2024-07-12T01:31:00.000Z'],
        ['user', 'Hey.', '2024-07-12T01:32:00.000Z'],
      ]);
    }
  });

  it('refuses what is not a SillyTavern chat (400 INVALID_CHAT), other types (415) and files over 20 MB (413)', async () => {
    const chat = await startChat(ctx.app, alice, 'Una');
    const invalid = [
      'not json at all',
      '',
      '{"user_name":"U"}\n{"mes": 12}',
      '{"user_name":"U"}\n{"mes":"ok","swipes":["ok"],"swipe_id":4}',
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    ];
    for (const body of invalid) {
      const res = await importChat(chat.characterId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: CHAT_ERROR_CODES.invalid } });
    }
    const png = await importChat(chat.characterId, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    expect(png.statusCode).toBe(415);
    const huge = await importChat(chat.characterId, Buffer.alloc(CHAT_LIMITS.importBytes + 1, 0x20));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: { code: CHAT_ERROR_CODES.tooLarge } });
    const chats = await ctx.app.inject({ method: 'GET', url: chatPaths.list, headers: alice.headers });
    expect(
      chats.json<{ documents: unknown[] }>().documents.filter((c) => JSON.stringify(c).includes('Una')),
    ).toHaveLength(1);
  });

  it('answers 413 over HTTP as soon as a body without a length passes 20 MB, and reads the rest', async () => {
    const chat = await startChat(ctx.app, alice, 'Big');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > CHAT_LIMITS.importBytes + 4 * chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`http://127.0.0.1:${port}${chatPaths.import(chat.characterId)}`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/jsonl' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: CHAT_ERROR_CODES.tooLarge } });
  });

  it("imports only into the caller's own characters", async () => {
    const chat = await startChat(ctx.app, alice, 'Zoe');
    const res = await importChat(
      chat.characterId,
      '{"user_name":"U","character_name":"Zoe"}',
      'application/jsonl',
      bob,
    );
    expect(res.statusCode).toBe(404);
  });
});

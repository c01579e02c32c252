import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  CHAT_EVENTS,
  type Chat,
  type ChatMessage,
  chatDeltaEventSchema,
  chatMessageEventSchema,
  chatMessageListSchema,
  chatPaths,
  chatSchema,
  chatSnapshotEventSchema,
  sentChatMessageSchema,
} from '@baegen/shared/contract';
import { readEventStream } from './event-stream-kit';
import type { SignedIn } from './test-hooks';

type Who = Pick<SignedIn, 'headers'>;

/** A character made in the form, and a new chat with her. */
export async function startChat(app: FastifyInstance, who: Who, name = 'Nova'): Promise<Chat> {
  const character = await app.inject({
    method: 'POST',
    url: '/api/characters',
    headers: who.headers,
    payload: {
      name,
      description: `${name} keeps the lighthouse.`,
      appearance: 'red hair',
      personality: 'warm',
    },
  });
  expect(character.statusCode, character.body).toBe(201);
  const chat = await app.inject({
    method: 'POST',
    url: chatPaths.create(character.json<{ $id: string }>().$id),
    headers: who.headers,
  });
  expect(chat.statusCode, chat.body).toBe(201);
  return chatSchema.parse(chat.json());
}

export async function send(app: FastifyInstance, who: Who, chatId: string, content: string) {
  const res = await app.inject({
    method: 'POST',
    url: chatPaths.messages(chatId),
    headers: who.headers,
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(202);
  return sentChatMessageSchema.parse(res.json());
}

export async function messagesOf(app: FastifyInstance, who: Who, chatId: string): Promise<ChatMessage[]> {
  const res = await app.inject({
    method: 'GET',
    url: `${chatPaths.messages(chatId)}?limit=100`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return chatMessageListSchema.parse(res.json()).documents;
}

/** Polls the chat until its message `id` satisfies `done`; fails after `timeoutMs`. */
export async function waitForMessage(
  app: FastifyInstance,
  who: Who,
  chatId: string,
  id: string,
  done: (message: ChatMessage) => boolean,
  timeoutMs = 10_000,
): Promise<ChatMessage> {
  const deadline = Date.now() + timeoutMs;
  let last: ChatMessage | undefined;
  while (Date.now() < deadline) {
    last = (await messagesOf(app, who, chatId)).find((message) => message.$id === id);
    if (last && done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`message ${id} never got there: ${JSON.stringify(last)}`);
}

/** Starts a chat with `name`, says `content` and waits for the reply to stop streaming. */
export async function settledReply(app: FastifyInstance, who: Who, content: string, name?: string) {
  const chat = await startChat(app, who, name);
  const { reply } = await send(app, who, chat.$id, content);
  const settled = await waitForMessage(app, who, chat.$id, reply.$id, (m) => m.status !== 'streaming');
  return { chat, reply: settled };
}

/**
 * Stops the reply streaming in `chatId` through `app` and expects the vendor connection closed
 * within 1 s: `closedAt` gains the moment it closed.
 */
export async function expectStopClosesUpstream(
  app: FastifyInstance,
  who: Who,
  chatId: string,
  closedAt: number[],
) {
  const before = closedAt.length;
  const stoppedAt = Date.now();
  const stop = await app.inject({ method: 'POST', url: chatPaths.stop(chatId), headers: who.headers });
  expect(stop.json()).toMatchObject({ status: 'stopped' });
  await expect.poll(() => closedAt.length, { timeout: 1000 }).toBe(before + 1);
  expect(closedAt.at(-1)! - stoppedAt).toBeLessThan(1000);
}

export type ChatStreamEvent =
  | { event: 'snapshot'; message: ChatMessage | null }
  | { event: 'delta'; messageId: string; text: string; offset: number }
  | { event: 'message'; message: ChatMessage };

/** Reads `GET /api/chats/:id/events` over real HTTP, frame by frame, keeping a live copy of each reply's text. */
export async function openChatStream(base: string, who: Who, chatId: string) {
  const events: ChatStreamEvent[] = [];
  /** Each reply's text as a client builds it: the snapshot, then every delta placed at its offset. */
  const texts = new Map<string, string>();
  const place = (messageId: string, text: string, offset: number) => {
    const known = texts.get(messageId) ?? '';
    if (offset > known.length) throw new Error(`gap in ${messageId}: ${offset} > ${known.length}`);
    texts.set(messageId, known.slice(0, offset) + text);
  };
  const onFrame = (fields: Record<string, string>) => {
    const data: unknown = JSON.parse(fields.data!);
    if (fields.event === CHAT_EVENTS.snapshot) {
      const { message } = chatSnapshotEventSchema.parse(data);
      if (message) texts.set(message.$id, message.content);
      events.push({ event: 'snapshot', message });
    } else if (fields.event === CHAT_EVENTS.delta) {
      const delta = chatDeltaEventSchema.parse(data);
      place(delta.messageId, delta.text, delta.offset);
      events.push({ event: 'delta', ...delta });
    } else {
      const { message } = chatMessageEventSchema.parse(data);
      if (message.role === 'assistant') texts.set(message.$id, message.content);
      events.push({ event: 'message', message });
    }
  };
  const stream = await readEventStream(
    `${base}${chatPaths.events(chatId)}`,
    who.headers,
    onFrame,
    () => events,
    10_000,
  );
  const messages = () => events.flatMap((event) => (event.event === 'message' ? [event.message] : []));
  return { ...stream, events, texts, messages };
}

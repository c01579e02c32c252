import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CHAT_COPY,
  CHAT_ERROR_CODES,
  type Chat,
  type ChatContext,
  chatContextSchema,
  chatListQuerySchema,
  chatListSchema,
  chatMessageListQuerySchema,
  chatMessageListSchema,
  chatMessagePatchSchema,
  chatMessageSchema,
  chatPatchSchema,
  chatSchema,
  createChatSchema,
  safeText,
  sendChatMessageSchema,
  sentChatMessageSchema,
} from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { attachment } from '../../lib/content-disposition';
import { idParamsSchema } from '../../lib/id-params';
import { currentUser, signedInRoutes } from '../auth';
import type { ChatMessagesService } from './chat-messages.service';
import type { ChatTransferService } from './chat-transfer.service';
import type { ChatService } from './chat.service';
import { type ChatStreamSource, streamChatEvents } from './events/chat-events.stream';
import type { StreamSlots } from './stream-slots';

export interface ChatRoutesOptions {
  chats: ChatService;
  /** How much of the context the next reply's prompt takes. */
  context(userId: string, chatId: string): Promise<ChatContext>;
  /** Starts writing the chat's summary again from the start. */
  rebuildSummary(userId: string, chatId: string): Promise<Chat>;
  messages: ChatMessagesService;
  transfer: ChatTransferService;
  stream: Omit<ChatStreamSource, 'snapshot'>;
  slots: StreamSlots;
}

const messageParamsSchema = idParamsSchema.extend({ messageId: safeText().min(1).max(64) });
const noContent = { 204: z.null() };
const user = (request: FastifyRequest) => currentUser(request).userId;

/** Chats and their messages, the event stream of one chat, and its export (under /api). */
export async function chatRoutes(app: FastifyInstance, opts: ChatRoutesOptions) {
  const { chats, messages, transfer } = opts;
  const r = signedInRoutes(app);

  r.post(
    '/characters/:id/chats',
    { schema: { params: idParamsSchema, body: createChatSchema.nullish(), response: { 201: chatSchema } } },
    async (request, reply) =>
      reply.status(201).send(await chats.create(user(request), request.params.id, request.body ?? {})),
  );

  r.get(
    '/chats',
    { schema: { querystring: chatListQuerySchema, response: { 200: chatListSchema } } },
    async (request) => chats.list(user(request), request.query),
  );

  const oneChat = { schema: { params: idParamsSchema, response: { 200: chatSchema } } };
  r.get('/chats/:id', oneChat, async (request) => chats.get(user(request), request.params.id));
  r.patch('/chats/:id', { schema: { ...oneChat.schema, body: chatPatchSchema } }, async (request) =>
    chats.update(user(request), request.params.id, request.body),
  );
  r.get(
    '/chats/:id/context',
    { schema: { params: idParamsSchema, response: { 200: chatContextSchema } } },
    async (request) => {
      await chats.get(user(request), request.params.id);
      return opts.context(user(request), request.params.id);
    },
  );
  r.post(
    '/chats/:id/summary/rebuild',
    { schema: { params: idParamsSchema, response: { 202: chatSchema } } },
    async (request, reply) =>
      reply.status(202).send(await opts.rebuildSummary(user(request), request.params.id)),
  );
  r.delete(
    '/chats/:id',
    { schema: { params: idParamsSchema, response: noContent } },
    async (request, reply) => {
      await chats.delete(user(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/chats/:id/messages',
    {
      schema: {
        params: idParamsSchema,
        querystring: chatMessageListQuerySchema,
        response: { 200: chatMessageListSchema },
      },
    },
    async (request) => messages.list(user(request), request.params.id, request.query),
  );
  r.post(
    '/chats/:id/messages',
    {
      schema: {
        params: idParamsSchema,
        body: sendChatMessageSchema,
        response: { 202: sentChatMessageSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await messages.send(user(request), request.params.id, request.body.content)),
  );

  const oneMessage = { schema: { params: messageParamsSchema, response: { 202: chatMessageSchema } } };
  r.post('/chats/:id/messages/:messageId/regenerate', oneMessage, async (request, reply) =>
    reply
      .status(202)
      .send(await messages.regenerate(user(request), request.params.id, request.params.messageId)),
  );
  r.post('/chats/:id/messages/:messageId/continue', oneMessage, async (request, reply) =>
    reply
      .status(202)
      .send(await messages.continue(user(request), request.params.id, request.params.messageId)),
  );
  r.patch(
    '/chats/:id/messages/:messageId',
    {
      schema: {
        params: messageParamsSchema,
        body: chatMessagePatchSchema,
        response: { 200: chatMessageSchema },
      },
    },
    async (request) =>
      messages.edit(user(request), request.params.id, request.params.messageId, request.body),
  );
  r.delete(
    '/chats/:id/messages/:messageId',
    { schema: { params: messageParamsSchema, response: noContent } },
    async (request, reply) => {
      await messages.delete(user(request), request.params.id, request.params.messageId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/chats/:id/stop',
    { schema: { params: idParamsSchema, response: { 200: chatMessageSchema } } },
    async (request) => messages.stop(user(request), request.params.id),
  );

  r.get('/chats/:id/events', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const userId = user(request);
    const chat = await chats.get(userId, request.params.id);
    const free = opts.slots.take(userId);
    if (!free) throw new AppError(429, CHAT_ERROR_CODES.tooManyStreams, CHAT_COPY.tooManyStreams, 5);
    reply.hijack();
    reply.raw.once('close', free);
    await streamChatEvents(reply.raw, userId, chat.$id, {
      ...opts.stream,
      snapshot: (owner, chatId) => chats.streaming(owner, chatId),
    });
  });

  r.get('/chats/:id/export', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const { fileName, body } = await transfer.export(user(request), request.params.id);
    return reply
      .type('application/jsonl; charset=utf-8')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'private, no-cache')
      .send(body);
  });
}

import type { FastifyInstance } from 'fastify';
import {
  CHAT_COPY,
  CHAT_ERROR_CODES,
  CHAT_IMPORT_TYPES,
  CHAT_LIMITS,
  chatSchema,
} from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { idParamsSchema } from '../../lib/id-params';
import { RawBody, limitedBodyParser } from '../../lib/limited-body';
import { currentUser, signedInRoutes } from '../auth';
import { chatTooLarge } from './chat-errors';
import type { ChatTransferService } from './chat-transfer.service';

const unsupported = () => new AppError(415, CHAT_ERROR_CODES.unsupportedImport, CHAT_COPY.unsupportedImport);

/**
 * `POST /characters/:id/chats/import`: a SillyTavern chat file as the body (JSONL text, or JSON),
 * read here up to CHAT_LIMITS.importBytes whatever the app's parsers do.
 */
export async function chatImportRoutes(app: FastifyInstance, opts: { transfer: ChatTransferService }) {
  const r = signedInRoutes(app);
  // Scoped to this plugin: the import reads its body itself.
  const parser = limitedBodyParser(CHAT_LIMITS.importBytes, chatTooLarge);
  for (const type of CHAT_IMPORT_TYPES) app.addContentTypeParser(type, parser);
  app.addContentTypeParser('*', async () => {
    throw unsupported();
  });

  r.post(
    '/characters/:id/chats/import',
    { schema: { params: idParamsSchema, response: { 201: chatSchema } } },
    async (request, reply) => {
      const body = request.body;
      if (!(body instanceof RawBody)) throw unsupported();
      const chat = await opts.transfer.import(currentUser(request).userId, request.params.id, body.bytes);
      return reply.status(201).send(chat);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { safeText, selfieRequestSchema, selfieStartedSchema } from '@baegen/shared/contract';
import { idParamsSchema } from '../../../lib/id-params';
import { currentUser, signedInRoutes } from '../../auth';
import type { GenerationPort } from '../../generation';
import type { ChatSelfies } from './chat-selfies.service';

const messageParamsSchema = idParamsSchema.extend({ messageId: safeText().min(1).max(64) });

/** A selfie in a chat, and its retry; both start a generation job, under the generation rate limit. */
export async function chatSelfiesRoutes(
  app: FastifyInstance,
  opts: { selfies: ChatSelfies; rateLimit: GenerationPort['rateLimit'] },
) {
  const r = signedInRoutes(app);
  const config = { rateLimit: opts.rateLimit };
  const response = { 202: selfieStartedSchema };

  r.post(
    '/chats/:id/selfie',
    { config, schema: { params: idParamsSchema, body: selfieRequestSchema.nullish(), response } },
    async (request, reply) => {
      const { userId } = currentUser(request);
      return reply
        .status(202)
        .send(await opts.selfies.start(userId, request.params.id, request.body?.prompt));
    },
  );

  r.post(
    '/chats/:id/messages/:messageId/selfie/retry',
    { config, schema: { params: messageParamsSchema, response } },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const { id, messageId } = request.params;
      return reply.status(202).send(await opts.selfies.retry(userId, id, messageId));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../lib/id-params';
import { currentUser } from './auth.plugin';

type SignedInRoutes = ReturnType<typeof signedInRoutes>;

/**
 * The typed router of a plugin whose every route needs a session. The check runs onRequest, so a
 * signed-out caller hears 401 before any validation of what it sent.
 */
export function signedInRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  return app.withTypeProvider<ZodTypeProvider>();
}

/** `DELETE /:id`: removes one record of the signed-in user and answers 204. */
export function deleteRoute(r: SignedInRoutes, remove: (userId: string, id: string) => Promise<unknown>) {
  r.delete(
    '/:id',
    { schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await remove(currentUser(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../lib/id-params';
import type { ListPageCache } from '../../lib/list-page-cache';
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

/** `POST /`: makes one record of the signed-in user from the body and answers it with 201. */
export function createRoute<Body>(
  r: SignedInRoutes,
  schema: { body: z.ZodType<Body>; created: z.ZodType },
  create: (userId: string, body: Body) => Promise<unknown>,
) {
  const body: z.ZodType = schema.body;
  r.post('/', { schema: { body, response: { 201: schema.created } } }, async (request, reply) => {
    // The route has validated the body against schema.body.
    const created = await create(currentUser(request).userId, request.body as Body);
    return reply.status(201).send(created);
  });
}

/**
 * Answers a signed-in list request from the cache, or loads the page, serialises it through the
 * route's response schema and keeps the text for the next identical request.
 */
export async function sendListPage(
  cache: ListPageCache,
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<unknown>,
) {
  const { userId, dataVersion } = currentUser(request);
  reply.type('application/json; charset=utf-8');
  const cached = cache.get(userId, dataVersion, request.url);
  if (cached !== undefined) return reply.send(cached);
  const serialized = reply.serialize(await load());
  const body = Buffer.from(serialized as string | Uint8Array);
  cache.set(userId, dataVersion, request.url, body);
  return reply.send(body);
}

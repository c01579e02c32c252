import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { characterInputSchema, characterListSchema, characterSchema, listQuerySchema } from '@baegen/shared';
import { currentUser } from '../auth/auth.plugin';
import type { CharactersService } from './characters.service';

const idParamsSchema = z.object({ id: z.string().min(1).max(64) });

export async function characterRoutes(app: FastifyInstance, opts: { characters: CharactersService }) {
  const { characters } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest, so a signed-out caller hears 401 before any validation of what it sent.
  app.addHook('onRequest', app.authenticate);

  r.get(
    '/',
    { schema: { querystring: listQuerySchema, response: { 200: characterListSchema } } },
    async (request) => characters.list(currentUser(request).userId, request.query),
  );

  r.post(
    '/',
    { schema: { body: characterInputSchema, response: { 201: characterSchema } } },
    async (request, reply) => {
      const created = await characters.create(currentUser(request).userId, request.body);
      return reply.status(201).send(created);
    },
  );

  r.get('/:id', { schema: { params: idParamsSchema, response: { 200: characterSchema } } }, async (request) =>
    characters.get(currentUser(request).userId, request.params.id),
  );

  r.patch(
    '/:id',
    { schema: { params: idParamsSchema, body: characterInputSchema, response: { 200: characterSchema } } },
    async (request) => characters.update(currentUser(request).userId, request.params.id, request.body),
  );

  r.delete(
    '/:id',
    { schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await characters.delete(currentUser(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

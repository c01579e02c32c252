import type { FastifyInstance } from 'fastify';
import {
  bulkDeleteResultSchema,
  bulkIdsSchema,
  characterInputSchema,
  characterListQuerySchema,
  characterListSchema,
  characterPatchSchema,
  characterSchema,
} from '@baegen/shared/contract';
import { idParamsSchema } from '../../lib/id-params';
import type { ListPageCache } from '../../lib/list-page-cache';
import { currentUser } from '../auth';
import { createRoute, deleteRoute, sendListPage, signedInRoutes } from '../auth';
import type { CharactersService } from './characters.service';

export async function characterRoutes(
  app: FastifyInstance,
  opts: { characters: CharactersService; listCache: ListPageCache },
) {
  const { characters, listCache } = opts;
  const r = signedInRoutes(app);

  r.get(
    '/',
    { schema: { querystring: characterListQuerySchema, response: { 200: characterListSchema } } },
    async (request, reply) =>
      sendListPage(listCache, request, reply, () =>
        characters.list(currentUser(request).userId, request.query),
      ),
  );

  createRoute(r, { body: characterInputSchema, created: characterSchema }, (userId, body) =>
    characters.create(userId, body),
  );

  r.get('/:id', { schema: { params: idParamsSchema, response: { 200: characterSchema } } }, async (request) =>
    characters.get(currentUser(request).userId, request.params.id),
  );

  r.patch(
    '/:id',
    { schema: { params: idParamsSchema, body: characterPatchSchema, response: { 200: characterSchema } } },
    async (request) => characters.update(currentUser(request).userId, request.params.id, request.body),
  );

  deleteRoute(r, (userId, id) => characters.delete(userId, id));

  r.post(
    '/bulk-delete',
    { schema: { body: bulkIdsSchema, response: { 200: bulkDeleteResultSchema } } },
    async (request) => characters.deleteMany(currentUser(request).userId, request.body.ids),
  );
}

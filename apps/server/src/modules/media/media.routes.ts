import type { FastifyInstance } from 'fastify';
import {
  mediaInputSchema,
  mediaListQuerySchema,
  mediaListSchema,
  mediaSchema,
  mediaStatsSchema,
} from '@baegen/shared';
import { currentUser } from '../auth/auth.plugin';
import { deleteRoute, signedInRoutes } from '../auth/signed-in-routes';
import type { MediaService } from './media.service';

export async function mediaRoutes(app: FastifyInstance, opts: { media: MediaService }) {
  const { media } = opts;
  const r = signedInRoutes(app);

  r.get(
    '/',
    { schema: { querystring: mediaListQuerySchema, response: { 200: mediaListSchema } } },
    async (request) => media.list(currentUser(request).userId, request.query),
  );

  r.get('/stats', { schema: { response: { 200: mediaStatsSchema } } }, async (request) =>
    media.stats(currentUser(request).userId),
  );

  r.post(
    '/',
    { schema: { body: mediaInputSchema, response: { 201: mediaSchema } } },
    async (request, reply) => {
      const created = await media.create(currentUser(request).userId, request.body);
      return reply.status(201).send(created);
    },
  );

  deleteRoute(r, (userId, id) => media.remove(userId, id));
}

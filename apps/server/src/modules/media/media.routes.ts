import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mediaInputSchema,
  mediaListQuerySchema,
  mediaListSchema,
  mediaSchema,
  mediaStatsSchema,
} from '@baegen/shared';
import { currentUser } from '../auth/auth.plugin';
import type { MediaService } from './media.service';

const idParamsSchema = z.object({ id: z.string().min(1).max(64) });

export async function mediaRoutes(app: FastifyInstance, opts: { media: MediaService }) {
  const { media } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before validation, so a request without a session learns that first.
  r.addHook('onRequest', app.authenticate);

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

  r.delete(
    '/:id',
    { schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await media.remove(currentUser(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

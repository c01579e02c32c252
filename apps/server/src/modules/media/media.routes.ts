import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaInputSchema, mediaListQuerySchema } from '@baegen/shared';
import { currentUser } from '../auth/auth.plugin';
import type { MediaService } from './media.service';

const idParamsSchema = z.object({ id: z.string().min(1).max(64) });

export async function mediaRoutes(app: FastifyInstance, opts: { media: MediaService }) {
  const { media } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before validation, so a request without a session learns that first.
  r.addHook('onRequest', app.authenticate);

  r.get('/', { schema: { querystring: mediaListQuerySchema } }, async (request) =>
    media.list(currentUser(request).userId, request.query),
  );

  r.get('/stats', async (request) => media.stats(currentUser(request).userId));

  r.post('/', { schema: { body: mediaInputSchema } }, async (request, reply) => {
    const created = await media.create(currentUser(request).userId, request.body);
    return reply.status(201).send(created);
  });

  r.delete('/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await media.remove(currentUser(request).userId, request.params.id);
    return reply.status(204).send();
  });
}

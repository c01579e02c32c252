import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createGenerationSchema,
  generationListQuerySchema,
  generationListSchema,
  generationSchema,
} from '@baegen/shared';
import type { Env } from '../../../config/env';
import { idParamsSchema } from '../../../lib/id-params';
import { currentUser } from '../../auth/auth.plugin';
import { generationRateLimit } from '../generation.routes';
import { type StreamSource, lastEventId, streamGenerationEvents } from './generation-events.stream';
import type { GenerationsService } from './generations.service';

export async function generationsRoutes(
  app: FastifyInstance,
  opts: { generations: GenerationsService; stream: StreamSource; env: Env },
) {
  const { generations } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/',
    {
      preHandler: app.authenticate,
      config: { rateLimit: generationRateLimit(opts.env) },
      schema: { body: createGenerationSchema, response: { 202: generationSchema } },
    },
    async (request, reply) =>
      reply.status(202).send(await generations.create(currentUser(request).userId, request.body)),
  );

  r.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: { querystring: generationListQuerySchema, response: { 200: generationListSchema } },
    },
    async (request) => generations.list(currentUser(request).userId, request.query),
  );

  // Registered before '/:id' so the static path wins.
  r.get('/events', { preHandler: app.authenticate }, async (request, reply) => {
    reply.hijack();
    await streamGenerationEvents(
      reply.raw,
      currentUser(request).userId,
      lastEventId(request.headers['last-event-id']),
      opts.stream,
    );
  });

  const oneJob = {
    preHandler: app.authenticate,
    schema: { params: idParamsSchema, response: { 200: generationSchema } },
  };
  r.get('/:id', oneJob, async (request) => generations.get(currentUser(request).userId, request.params.id));
  r.post('/:id/cancel', oneJob, async (request) =>
    generations.cancel(currentUser(request).userId, request.params.id),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@baegen/shared/contract';
import type { HealthService } from './health.service';

/** Readiness: a load balancer takes an instance out while it answers 503. */
export async function healthRoutes(app: FastifyInstance, opts: { health: HealthService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { schema: { response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        const report = await opts.health.check();
        return reply.status(report.status === 'ok' ? 200 : 503).send(report);
      },
    );
}

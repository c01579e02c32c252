import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@baegen/shared';
import type { HealthService } from './health.service';

export async function healthRoutes(app: FastifyInstance, opts: { health: HealthService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/health', { schema: { response: { 200: healthSchema } } }, async () => opts.health.check());
}

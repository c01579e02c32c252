import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service';

export async function healthRoutes(app: FastifyInstance, opts: { health: HealthService }) {
  app.get('/health', async () => opts.health.check());
}

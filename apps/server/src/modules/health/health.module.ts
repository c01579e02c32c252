import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HealthRepository } from './health.repository';
import { healthRoutes } from './health.routes';
import { HealthService } from './health.service';

/** `GET /api/health`: the database and the file store, each asked once per call. */
export const healthModule = fp(
  async (app: FastifyInstance) => {
    const health = new HealthService(new HealthRepository(app.platform.database.db), app.storage);
    await app.register(healthRoutes, { prefix: '/api', health });
  },
  { name: 'health', dependencies: ['storage'] },
);

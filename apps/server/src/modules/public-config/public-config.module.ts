import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicConfigRoutes } from './public-config.routes';

/** `GET /api/config`: the run-time settings the web app reads before sign-in. */
export const publicConfigModule = fp(
  async (app: FastifyInstance) => {
    await app.register(publicConfigRoutes, {
      prefix: '/api',
      env: app.platform.env,
      imageCapabilities: app.generation.imageCapabilities,
    });
  },
  { name: 'public-config', dependencies: ['generation'] },
);

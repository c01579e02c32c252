import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { avatarsRoutes } from './avatars.routes';

/** Default pictures drawn from a seed, for characters without a portrait of their own. */
export const avatarsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(avatarsRoutes, { prefix: '/api/avatars' });
  },
  { name: 'avatars' },
);

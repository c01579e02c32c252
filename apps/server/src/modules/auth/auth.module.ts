import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerAuthentication } from './auth.plugin';
import { AuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';

/** Wallet sign-in, sessions and `app.authenticate`, the preHandler of every signed-in route. */
export const authModule = fp(
  async (app: FastifyInstance) => {
    const { env, database, clock } = app.platform;
    await app.register(fastifyCookie);
    const auth = new AuthService(new AuthRepository(database.db), clock, {
      sessionTtlMs: env.SESSION_TTL_HOURS * 3600 * 1000,
      nonceTtlMs: env.AUTH_NONCE_TTL_SECONDS * 1000,
    });
    registerAuthentication(app, auth, env);
    await app.register(authRoutes, { prefix: '/api/auth', auth, env });
  },
  { name: 'auth', dependencies: ['fleet'] },
);

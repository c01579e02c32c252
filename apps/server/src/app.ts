import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { DbHandle } from './db/client';
import { AppError } from './errors/app-error';
import { registerErrorHandler } from './errors/error-handler';
import { registerAuthentication } from './modules/auth/auth.plugin';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { CharactersRepository } from './modules/characters/characters.repository';
import { characterRoutes } from './modules/characters/characters.routes';
import { CharactersService } from './modules/characters/characters.service';
import { configRoutes } from './modules/config/config.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerOriginCheck } from './modules/security/origin';
import { registerSpa } from './modules/spa/spa.plugin';

export interface AppDeps {
  env: Env;
  database: DbHandle;
  /** Built web app to serve; omitted in API-only tests. */
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the Fastify app with every module registered. It never listens. */
export async function buildApp(deps: AppDeps) {
  const { env, database } = deps;
  const db = database.db;
  const app = Fastify({
    logger: deps.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerOriginCheck(app, env);

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(429, 'RATE_LIMITED', `Too many requests. Try again in ${seconds} s.`);
    },
  });

  const auth = new AuthService(new AuthRepository(db), {
    sessionTtlMs: env.SESSION_TTL_HOURS * 3600 * 1000,
  });
  registerAuthentication(app, auth);
  const characters = new CharactersService(new CharactersRepository(db));

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(configRoutes, { env });
      await api.register(authRoutes, { prefix: '/auth', auth, env });
      await api.register(characterRoutes, { prefix: '/characters', characters });
    },
    { prefix: '/api' },
  );

  const serveIndex = deps.webDistDir ? await registerSpa(app, deps.webDistDir) : false;
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      serveIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api';
    if (wantsPage) return serveIndex(reply);
    throw AppError.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
  });

  return app;
}

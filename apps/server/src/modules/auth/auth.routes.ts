import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginRequestSchema,
  nonceRequestSchema,
  nonceResponseSchema,
  sessionSchema,
} from '@baegen/shared/contract';
import type { Env } from '../../config/env';
import { publicOrigin, servedOverHttps } from '../../lib/public-origin';
import { currentUser, sessionCookieName } from './auth.plugin';
import type { AuthService } from './auth.service';

/** The domain a sign-in message must name: PUBLIC_URL's host, else the Host the request came to. */
function expectedDomain(request: FastifyRequest, env: Env): string {
  return new URL(publicOrigin(request, env)).host;
}

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService; env: Env }) {
  const { auth, env } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = {
    rateLimit: { max: env.AUTH_RATE_LIMIT_MAX, timeWindow: env.AUTH_RATE_LIMIT_WINDOW_MS },
  };

  r.post(
    '/nonce',
    { schema: { body: nonceRequestSchema, response: { 200: nonceResponseSchema } }, config: rateLimit },
    async (request) => auth.issueNonce(request.body.address, expectedDomain(request, env)),
  );

  r.post(
    '/login',
    { schema: { body: loginRequestSchema, response: { 200: sessionSchema } }, config: rateLimit },
    async (request, reply) => {
      const { session, token, expiresAt } = await auth.login(request.body, expectedDomain(request, env));
      const secure = servedOverHttps(request, env);
      reply.setCookie(sessionCookieName(request, env), token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        expires: expiresAt,
      });
      return session;
    },
  );

  r.get(
    '/session',
    { preHandler: app.authenticate, schema: { response: { 200: sessionSchema } }, config: rateLimit },
    async (request) => currentUser(request),
  );

  r.post(
    '/logout',
    { schema: { response: { 204: z.null() } }, config: rateLimit },
    async (request, reply) => {
      const name = sessionCookieName(request, env);
      await auth.logout(request.cookies[name]);
      // Browsers drop a __Host- cookie that is not Secure, even one that only expires the old value.
      reply.clearCookie(name, { path: '/', secure: servedOverHttps(request, env) });
      return reply.status(204).send(null);
    },
  );
}

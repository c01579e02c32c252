import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import { AppError } from '../../errors/app-error';
import { servedOverHttps } from '../../lib/public-origin';
import type { AuthService, SignedIn } from './auth.service';

export const SESSION_COOKIE = 'baegen_session';
/** Over https: a `__Host-` cookie can only be set by this exact host, never by a sibling subdomain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * The one cookie name this request's session lives under. Over https the plain name is ignored,
 * so a cookie tossed in from a sibling subdomain cannot pick the session.
 */
export function sessionCookieName(request: FastifyRequest, env: Env): string {
  return servedOverHttps(request, env) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Whether a request carries a session cookie, valid or not: a hint, never a permission. */
export function carriesSession(request: FastifyRequest, env: Env): boolean {
  return Boolean(request.cookies[sessionCookieName(request, env)]);
}

/** Rate limits of signed-in routes, counted per user, whose settings come from the environment. */
export type UserRateLimit = 'cardImport';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that requires a valid session and sets request.session. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The request's valid session, if any, for a route that serves signed-out visitors too. */
    sessionOf: (request: FastifyRequest) => Promise<SignedIn | undefined>;
    /**
     * A route's `config.rateLimit` for one of the per-user limits. Counted once the session is
     * known and before the body is read, so a refused request costs no parsing.
     */
    userRateLimit: (limit: UserRateLimit) => RateLimitOptions;
  }
  interface FastifyRequest {
    session: SignedIn | null;
  }
}

/**
 * Adds `app.authenticate`, which routes that need a signed-in wallet use as their preHandler, and
 * `app.userRateLimit`, for limits keyed by the signed-in user.
 */
export function registerAuthentication(app: FastifyInstance, auth: AuthService, env: Env) {
  const limits: Record<UserRateLimit, { max: number; windowMs: number }> = {
    cardImport: { max: env.IMPORT_RATE_LIMIT_MAX, windowMs: env.IMPORT_RATE_LIMIT_WINDOW_MS },
  };
  app.decorate('userRateLimit', (limit: UserRateLimit): RateLimitOptions => ({
    max: limits[limit].max,
    timeWindow: limits[limit].windowMs,
    hook: 'preParsing',
    keyGenerator: (request: FastifyRequest) => `${limit}:${request.session?.userId ?? request.ip}`,
  }));
  app.decorateRequest('session', null);
  const sessionOf = (request: FastifyRequest) =>
    auth.sessionFor(request.cookies[sessionCookieName(request, env)]);
  app.decorate('sessionOf', sessionOf);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const session = await sessionOf(request);
    if (!session) throw AppError.unauthorized();
    request.session = session;
  });
}

/** The signed-in user of a request that went through `app.authenticate`. */
export function currentUser(request: FastifyRequest): SignedIn {
  if (!request.session) throw AppError.unauthorized();
  return request.session;
}

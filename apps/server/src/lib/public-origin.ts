import type { FastifyRequest } from 'fastify';
import type { Env } from '../config/env';
import { AppError } from '../errors/app-error';

// A host name or bracketed IPv6 address and an optional port: nothing a URL parser could read
// as user info, a path, a query or a fragment.
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::\d{1,5})?$/;

/**
 * This server's own origin: PUBLIC_URL when set, else the scheme and Host of the request. A Host
 * that names no valid origin is the client's mistake (400), not ours.
 */
export function publicOrigin(request: FastifyRequest, env: Env): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const host = request.host;
  const url = HOST_HEADER.test(host) ? URL.parse(`${request.protocol}://${host}`) : null;
  if (!url) throw AppError.badRequest('The Host header is not a valid host name', 'INVALID_HOST');
  return url.origin;
}

/** Whether browsers reach us over https: PUBLIC_URL says so, or the request (or trusted proxy) did. */
export function servedOverHttps(request: FastifyRequest, env: Env): boolean {
  return publicOrigin(request, env).startsWith('https:');
}

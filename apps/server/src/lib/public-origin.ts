import type { FastifyRequest } from 'fastify';
import type { Env } from '../config/env';

/** This server's own origin: PUBLIC_URL when set, else the scheme and Host of the request. */
export function publicOrigin(request: FastifyRequest, env: Env): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  return `${request.protocol}://${request.host}`;
}

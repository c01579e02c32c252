import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';
import { AppError } from '../errors/app-error';
import { publicOrigin } from '../lib/public-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site (CSRF), whatever their path: the router
 * decodes and normalises paths, so a test on the raw URL could be walked around. Requests without
 * an Origin header come from non-browser clients, which cannot carry a victim's cookie cross-site.
 */
export function registerOriginCheck(app: FastifyInstance, env: Env) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin !== publicOrigin(request, env)) {
      throw AppError.forbidden('Cross-origin request refused', 'CROSS_ORIGIN');
    }
  });
}

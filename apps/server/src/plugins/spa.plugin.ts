import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_CONFIG_ELEMENT_ID, publicConfigSchema } from '@baegen/shared/contract';
import { AppError } from '../errors/app-error';
import { type FoundPicture, type WantedPicture, jsonDataBlock, routePages } from './route-pages';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** A page naming one user's picture is theirs alone: no shared cache keeps it. */
const PRIVATE = 'private, no-cache';

/** `GET /api/config`'s answer, carried by every page (the web app reads it before it would ask). */
function publicConfigBlock(app: FastifyInstance): string {
  if (!app.hasDecorator('publicConfig')) return '';
  return jsonDataBlock(PUBLIC_CONFIG_ELEMENT_ID, publicConfigSchema.parse(app.publicConfig));
}

/** What the pages learn of the request's user. */
export interface PageUser {
  /** Whether a request carries a session cookie (not whether the session is still valid). */
  carriesSession(request: FastifyRequest): boolean;
  /**
   * That user's `wanted` picture, or null: none, none stored here, no valid session, or not found
   * in time. It never throws; a page is sent without the picture rather than late or not at all.
   */
  firstPicture(request: FastifyRequest, wanted: WantedPicture): Promise<FoundPicture | null>;
}

const SIGNED_OUT: PageUser = { carriesSession: () => false, firstPicture: async () => null };

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, index.html is
 * revalidated every time, and any other non-API GET falls back to index.html so client routes reload.
 */
async function registerSpa(app: FastifyInstance, distDir: string, user: PageUser) {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ distDir }, 'web build not found; serving the API only');
    return false;
  }
  const pages = routePages(distDir, fs.readFileSync(indexPath), publicConfigBlock(app));
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    // The web build writes .br and .gz beside each text file; they go to clients that accept them.
    preCompressed: true,
    // One route per built file (the build never changes while we run); everything else falls through.
    wildcard: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(distDir, filePath);
      reply.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : NO_CACHE);
    },
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const signedIn = user.carriesSession(request);
    const wanted = signedIn ? pages.pictureFor(request.url) : null;
    const picture = wanted ? await user.firstPicture(request, wanted) : null;
    return (
      reply
        .header('Cache-Control', picture ? PRIVATE : NO_CACHE)
        // The page differs with the session cookie (it announces that user's first reads).
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(pages.pageFor(request.url, signedIn, picture))
    );
  };
}

/**
 * The built web app when there is one (API-only tests have none), and the answer to any other
 * path: a page GET gets the app (client routes reload), the rest a JSON 404.
 */
export async function registerPagesAndNotFound(
  app: FastifyInstance,
  distDir: string | undefined,
  user: PageUser = SIGNED_OUT,
) {
  const serveIndex = distDir ? await registerSpa(app, distDir, user) : false;
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      serveIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api';
    if (wantsPage) return serveIndex(request, reply);
    throw AppError.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
  });
}

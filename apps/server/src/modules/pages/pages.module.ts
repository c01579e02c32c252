import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerPagesAndNotFound } from '../../plugins/spa.plugin';
import { pageUser } from './page-user';

/**
 * The web app's pages, each announcing what its signed-in user's first screen needs (ADR 022, 023),
 * and the answer to any other path. Registered last: its not-found handler answers what no module
 * routed.
 */
export const pagesModule = fp(
  async (app: FastifyInstance, opts: { webDistDir?: string }) => {
    await registerPagesAndNotFound(app, opts.webDistDir, pageUser(app, app.platform.env));
  },
  { name: 'pages', dependencies: ['auth', 'characters', 'media'] },
);

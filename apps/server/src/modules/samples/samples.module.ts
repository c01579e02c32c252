import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { samplesRoutes } from './samples.routes';

/** The demo clip the demo video provider answers with, served like any static asset. */
export const samplesModule = fp(
  async (app: FastifyInstance) => {
    await app.register(samplesRoutes, { assetsDir: app.platform.assetsDir });
  },
  { name: 'samples' },
);

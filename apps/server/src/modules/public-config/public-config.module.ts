import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicConfig } from '@baegen/shared/contract';
import { publicConfigRoutes } from './public-config.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** What `GET /api/config` answers; the pages the server sends carry it too. */
    publicConfig: PublicConfig;
  }
}

/** `GET /api/config`: the run-time settings the web app reads before sign-in. */
export const publicConfigModule = fp(
  async (app: FastifyInstance) => {
    const { env } = app.platform;
    app.decorate('publicConfig', {
      devWallet: env.DEV_WALLET,
      subscriptionGate: env.SUBSCRIPTION_GATE,
      subscriptionAddress: env.SUBSCRIPTION_GATE ? env.SUBSCRIPTION_ADDRESS : '',
      imageCapabilities: app.generation.imageCapabilities,
    });
    await app.register(publicConfigRoutes, { prefix: '/api', config: app.publicConfig });
  },
  { name: 'public-config', dependencies: ['generation'] },
);

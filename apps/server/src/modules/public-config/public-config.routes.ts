import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type GenerationCapabilities, type PublicConfig, publicConfigSchema } from '@baegen/shared/contract';
import type { Env } from '../../config/env';

/** Settings the web app needs at run time (feature flags, the image provider's options); nothing secret. */
export async function publicConfigRoutes(
  app: FastifyInstance,
  opts: { env: Env; imageCapabilities: GenerationCapabilities },
) {
  const body: PublicConfig = {
    devWallet: opts.env.DEV_WALLET,
    subscriptionGate: opts.env.SUBSCRIPTION_GATE,
    subscriptionAddress: opts.env.SUBSCRIPTION_GATE ? opts.env.SUBSCRIPTION_ADDRESS : '',
    imageCapabilities: opts.imageCapabilities,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/config', { schema: { response: { 200: publicConfigSchema } } }, async () => body);
}

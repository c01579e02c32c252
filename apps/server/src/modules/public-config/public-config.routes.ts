import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type PublicConfig, publicConfigSchema } from '@baegen/shared/contract';

/** Settings the web app needs at run time (feature flags, the image provider's options); nothing secret. */
export async function publicConfigRoutes(app: FastifyInstance, opts: { config: PublicConfig }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/config', { schema: { response: { 200: publicConfigSchema } } }, async () => opts.config);
}

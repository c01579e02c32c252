import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { avatarQuerySchema } from '@baegen/shared/contract';
import { shapesAvatarSvg } from './avatars.service';

export async function avatarsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // No session: the picture is a pure function of the query and holds no user data, and <img>
  // tags on any page (or a shared link) must be able to show it.
  r.get('/shapes', { schema: { querystring: avatarQuerySchema } }, async (request, reply) =>
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(shapesAvatarSvg(request.query.seed, request.query.size)),
  );
}

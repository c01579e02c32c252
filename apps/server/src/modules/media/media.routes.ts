import type { FastifyInstance } from 'fastify';
import {
  bulkDeleteResultSchema,
  bulkIdsSchema,
  favoritePatchSchema,
  mediaDownloadQuerySchema,
  mediaInputSchema,
  mediaListQuerySchema,
  mediaListSchema,
  mediaSchema,
  mediaPngFileName,
  mediaStatsSchema,
} from '@baegen/shared/contract';
import { idParamsSchema } from '../../lib/id-params';
import type { ListPageCache } from '../../lib/list-page-cache';
import { currentUser } from '../auth';
import { createRoute, deleteRoute, sendListPage, signedInRoutes } from '../auth';
import type { MediaDownloadService } from './media-download.service';
import type { MediaExportService } from './media-export.service';
import type { MediaService } from './media.service';

export async function mediaRoutes(
  app: FastifyInstance,
  opts: {
    media: MediaService;
    downloads: MediaDownloadService;
    mediaExport: MediaExportService;
    listCache: ListPageCache;
  },
) {
  const { media, downloads, mediaExport, listCache } = opts;
  const r = signedInRoutes(app);

  r.get(
    '/',
    { schema: { querystring: mediaListQuerySchema, response: { 200: mediaListSchema } } },
    async (request, reply) =>
      sendListPage(listCache, request, reply, () => media.list(currentUser(request).userId, request.query)),
  );

  r.get('/stats', { schema: { response: { 200: mediaStatsSchema } } }, async (request) =>
    media.stats(currentUser(request).userId),
  );

  createRoute(r, { body: mediaInputSchema, created: mediaSchema }, (userId, body) =>
    media.create(userId, body),
  );

  // `format` names the one file type with text chunks; the card's JPEG is made in the browser.
  r.get(
    '/:id/download',
    { schema: { params: idParamsSchema, querystring: mediaDownloadQuerySchema } },
    async (request, reply) => {
      const png = await downloads.png(currentUser(request).userId, request.params.id);
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `attachment; filename="${mediaPngFileName(request.params.id)}"`)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(png);
    },
  );

  r.get('/:id', { schema: { params: idParamsSchema, response: { 200: mediaSchema } } }, async (request) =>
    media.get(currentUser(request).userId, request.params.id),
  );

  r.patch(
    '/:id',
    { schema: { params: idParamsSchema, body: favoritePatchSchema, response: { 200: mediaSchema } } },
    async (request) =>
      media.setFavorite(currentUser(request).userId, request.params.id, request.body.favorite),
  );

  deleteRoute(r, (userId, id) => media.remove(userId, id));

  r.post(
    '/bulk-delete',
    { schema: { body: bulkIdsSchema, response: { 200: bulkDeleteResultSchema } } },
    async (request) => media.removeMany(currentUser(request).userId, request.body.ids),
  );

  // A zip of the records' files; its bytes are streamed, so no response schema applies.
  r.post('/export', { schema: { body: bulkIdsSchema } }, async (request, reply) => {
    const archive = await mediaExport.archive(currentUser(request).userId, request.body.ids);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${archive.fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(archive.stream);
  });
}

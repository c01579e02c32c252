import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filePreviewQuerySchema } from '@baegen/shared';
import { AppError } from '../../errors/app-error';
import { sendRanged } from '../../lib/send-ranged';
import { currentUser } from '../auth/auth.plugin';
import type { FilesService } from './files.service';

const idParams = z.object({ id: z.string().min(1).max(64) });
const uploadQuery = z.object({ name: z.string().max(255).default('') });

/** RFC 6266 Content-Disposition with an ASCII fallback and the exact UTF-8 name. */
function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Files API. Uploads are raw bytes (`application/octet-stream`), at most one 5 MB chunk per
 * request: a file up to 5 MB goes in one request; a larger one in chunks, each with
 * `Content-Range: bytes start-end/total`. The first chunk answers the file id; every later chunk
 * sends it back in the `x-file-id` header. The display name goes in `?name=`.
 */
export async function filesRoutes(app: FastifyInstance, opts: { files: FilesService }) {
  const { files } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The body is handed to the service unread: it sniffs the first bytes before anything is
  // written, enforces the chunk size itself and streams the rest to disk as it arrives.
  for (const type of ['application/octet-stream', /^image\//, /^video\//]) {
    app.addContentTypeParser(type, (_request, body, done) => done(null, body));
  }

  r.post(
    '/',
    { preHandler: app.authenticate, schema: { querystring: uploadQuery } },
    async (request, reply) => {
      const body = request.body;
      if (!(body instanceof Readable)) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file bytes as application/octet-stream');
      }
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' && value !== '' ? value : undefined;
      };
      const declared = header('content-length');
      const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
      // A refused body without a length could go on for ever: the connection is closed rather
      // than read to its end.
      if (length === undefined) reply.header('connection', 'close');
      const result = await files.upload(currentUser(request).userId, {
        name: request.query.name,
        contentRange: header('content-range'),
        fileId: header('x-file-id'),
        length,
        body,
      });
      if (length === undefined) reply.removeHeader('connection');
      return reply.status(result.status === 'ready' ? 201 : 202).send(result);
    },
  );

  // An upload's progress (`uploaded`, to resume after an interruption) and, once complete, its
  // sha256, recorded shortly after the last chunk's answer.
  r.get('/:id', { preHandler: app.authenticate, schema: { params: idParams } }, async (request) =>
    files.describe(currentUser(request).userId, request.params.id),
  );

  r.get(
    '/:id/view',
    { preHandler: app.authenticate, schema: { params: idParams } },
    async (request, reply) => {
      const row = await files.get(currentUser(request).userId, request.params.id);
      reply
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        // A file never changes under its id, so the id is a strong validator.
        .header('etag', `"${row.id}"`);
      if (request.headers['if-none-match'] === `"${row.id}"`) return reply.status(304).send();
      return sendRanged(request, reply, {
        size: Number(row.total_size),
        mimeType: row.mime_type,
        read: (range) => files.openStream(row, range),
      });
    },
  );

  r.get(
    '/:id/download',
    { preHandler: app.authenticate, schema: { params: idParams } },
    async (request, reply) => {
      const row = await files.get(currentUser(request).userId, request.params.id);
      reply
        .header('content-disposition', attachment(row.name))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff');
      return sendRanged(request, reply, {
        size: Number(row.total_size),
        mimeType: row.mime_type,
        read: (range) => files.openStream(row, range),
      });
    },
  );

  r.get(
    '/:id/preview',
    { preHandler: app.authenticate, schema: { params: idParams, querystring: filePreviewQuerySchema } },
    async (request, reply) => {
      const preview = await files.preview(currentUser(request).userId, request.params.id, request.query);
      return reply
        .header('content-type', preview.mimeType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(preview.data);
    },
  );

  r.delete('/:id', { preHandler: app.authenticate, schema: { params: idParams } }, async (request, reply) => {
    await files.remove(currentUser(request).userId, request.params.id);
    return reply.status(204).send();
  });
}

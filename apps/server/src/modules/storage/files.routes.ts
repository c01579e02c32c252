import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UPLOAD_CHUNK_BYTES,
  filePreviewQuerySchema,
  fileUploadSchema,
  safeText,
} from '@baegen/shared/contract';
import type { Env } from '../../config/env';
import { AppError } from '../../errors/app-error';
import { attachment } from '../../lib/content-disposition';
import { idParamsSchema } from '../../lib/id-params';
import { sendRanged } from '../../lib/send-ranged';
import { currentUser } from '../auth';
import type { Storage } from './create-storage';
import { downloadName } from './file-names';
import { uploadHeaders } from './upload-headers';

const uploadQuery = z.object({ name: safeText().max(255).default('') });

/**
 * Files API. Uploads are raw bytes (`application/octet-stream`), at most one 5 MB chunk per
 * request: a file up to 5 MB goes in one request; a larger one in chunks, each with
 * `Content-Range: bytes start-end/total`. The first chunk answers the file id; every later chunk
 * sends it back in the `x-file-id` header. The display name goes in `?name=`.
 */
export async function filesRoutes(
  app: FastifyInstance,
  opts: Pick<Storage, 'files' | 'uploads' | 'previews'> & { env: Env },
) {
  const { files, uploads, previews, env } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The body is handed to the service unread: it sniffs the first bytes before anything is
  // written, enforces the chunk size itself and streams the rest to disk as it arrives.
  for (const type of ['application/octet-stream', /^image\//, /^video\//]) {
    app.addContentTypeParser(type, (_request, body, done) => done(null, body));
  }

  r.post(
    '/',
    {
      preHandler: app.authenticate,
      // What one request may carry; a refused body is read up to twice this so the client hears why.
      bodyLimit: UPLOAD_CHUNK_BYTES,
      schema: { querystring: uploadQuery, response: { 201: fileUploadSchema, 202: fileUploadSchema } },
      config: {
        rateLimit: {
          max: env.UPLOAD_RATE_LIMIT_MAX,
          timeWindow: env.UPLOAD_RATE_LIMIT_WINDOW_MS,
          // After authentication, so the limit is per user rather than per address.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `upload:${request.session?.userId ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!(body instanceof Readable)) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file bytes as application/octet-stream');
      }
      const result = await uploads.upload(currentUser(request).userId, {
        name: request.query.name,
        ...uploadHeaders(request.headers),
        body,
      });
      return reply.status(result.status === 'ready' ? 201 : 202).send(result);
    },
  );

  // An upload's progress (`uploaded`, to resume after an interruption) and, once complete, its
  // sha256, recorded shortly after the last chunk's answer.
  r.get(
    '/:id',
    { preHandler: app.authenticate, schema: { params: idParamsSchema, response: { 200: fileUploadSchema } } },
    async (request) => files.describe(currentUser(request).userId, request.params.id),
  );

  r.get(
    '/:id/view',
    { preHandler: app.authenticate, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const file = await files.open(currentUser(request).userId, request.params.id);
      // A file never changes under its id, so the id is a strong validator.
      const etag = `"${file.$id}"`;
      reply
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return sendRanged(request, reply, file);
    },
  );

  r.get(
    '/:id/download',
    { preHandler: app.authenticate, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const file = await files.open(currentUser(request).userId, request.params.id);
      reply
        .header('content-disposition', attachment(downloadName(file.name, file.mimeType)))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff');
      return sendRanged(request, reply, file);
    },
  );

  r.get(
    '/:id/preview',
    { preHandler: app.authenticate, schema: { params: idParamsSchema, querystring: filePreviewQuerySchema } },
    async (request, reply) => {
      const preview = await previews.preview(currentUser(request).userId, request.params.id, request.query);
      return reply
        .header('content-type', preview.mimeType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(preview.data);
    },
  );

  r.delete(
    '/:id',
    { preHandler: app.authenticate, schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await files.remove(currentUser(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type CreateGenerationInput,
  API_MESSAGES,
  createGenerationSchema,
  generateCharacterRequestSchema,
  generateImageRequestSchema,
  generatedUrlsSchema,
  generationListQuerySchema,
  generationListSchema,
  generationSchema,
  improvePromptRequestSchema,
  improvePromptResponseSchema,
} from '@baegen/shared/contract';
import type { Env } from '../../config/env';
import type { UnsavedResults } from './unsaved-results';
import { AppError } from '../../errors/app-error';
import { idParamsSchema } from '../../lib/id-params';
import { currentUser } from '../auth';
import { type StreamSource, lastEventId, streamGenerationEvents } from './events/generation-events.stream';
import type { GenerationService } from './generation.service';

/**
 * Aborts when the client goes away before the answer is sent. The response's 'close' is used
 * because the request's fires as soon as its body has been read.
 */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error(`client closed ${request.url}`));
  });
  return controller.signal;
}

/** The per-user limit on generation requests: one key for jobs and the synchronous routes. */
export function generationRateLimit(env: Env) {
  return {
    max: env.GENERATION_RATE_LIMIT_MAX,
    timeWindow: env.GENERATION_RATE_LIMIT_WINDOW_MS,
    // After authentication, so the limit is per user rather than per address.
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `generate:${request.session?.userId ?? request.ip}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(429, 'RATE_LIMITED', API_MESSAGES.service.generationRateLimited(seconds));
    },
  };
}

/**
 * `/generations`: the jobs (create, list, one, cancel, the event stream). `/generate/*`: the
 * synchronous calls, each a job whose answer waits for its end; `/generate/prompt` is no job.
 */
export async function generationRoutes(
  app: FastifyInstance,
  opts: { generation: GenerationService; unsaved: UnsavedResults; stream: StreamSource; env: Env },
) {
  const { generation } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: app.authenticate };
  const limited = { ...signedIn, config: { rateLimit: generationRateLimit(opts.env) } };

  r.post(
    '/generations',
    { ...limited, schema: { body: createGenerationSchema, response: { 202: generationSchema } } },
    async (request, reply) =>
      reply.status(202).send(await generation.create(currentUser(request).userId, request.body)),
  );

  r.get(
    '/generations',
    {
      ...signedIn,
      schema: { querystring: generationListQuerySchema, response: { 200: generationListSchema } },
    },
    async (request) => {
      const { userId } = currentUser(request);
      if (request.query.status === 'unsaved') return opts.unsaved.list(userId);
      return generation.list(userId, { ...request.query, status: request.query.status });
    },
  );

  // Registered before '/:id' so the static path wins.
  r.get('/generations/events', signedIn, async (request, reply) => {
    // A few tabs and devices, not hundreds (EVENT_STREAMS_PER_USER), on each instance.
    if (opts.stream.hub.listeners(currentUser(request).userId) >= opts.env.EVENT_STREAMS_PER_USER) {
      throw new AppError(429, 'TOO_MANY_STREAMS', API_MESSAGES.service.tooManyStreams, 5);
    }
    reply.hijack();
    await streamGenerationEvents(
      reply.raw,
      currentUser(request).userId,
      lastEventId(request.headers['last-event-id']),
      opts.stream,
    );
  });

  const oneJob = { ...signedIn, schema: { params: idParamsSchema, response: { 200: generationSchema } } };
  r.get('/generations/:id', oneJob, async (request) =>
    generation.get(currentUser(request).userId, request.params.id),
  );
  r.post('/generations/:id/cancel', oneJob, async (request) =>
    generation.cancel(currentUser(request).userId, request.params.id),
  );
  r.post('/generations/:id/dismiss', oneJob, async (request) =>
    opts.unsaved.dismiss(currentUser(request).userId, request.params.id),
  );

  r.post(
    '/generate/prompt',
    {
      ...limited,
      schema: { body: improvePromptRequestSchema, response: { 200: improvePromptResponseSchema } },
    },
    async (request, reply) => ({
      prompt: await generation.improvePrompt(request.body.appearance, clientGone(request, reply)),
    }),
  );

  const urlsOf = async (request: FastifyRequest, reply: FastifyReply, input: CreateGenerationInput) => {
    const job = await generation.createAndWait(
      currentUser(request).userId,
      input,
      clientGone(request, reply),
    );
    if (job.status === 'succeeded') return { urls: job.outputs };
    const failure = job.error ?? { code: 'GENERATION_FAILED', message: API_MESSAGES.media.generateFailed };
    // Our own storage failing is not the provider's fault; anything else the job met upstream is.
    throw new AppError(failure.code === 'STORAGE_UNAVAILABLE' ? 507 : 502, failure.code, failure.message);
  };
  const sync = { ...limited, schema: { response: { 200: generatedUrlsSchema } } };

  r.post(
    '/generate/image',
    { ...sync, schema: { ...sync.schema, body: generateImageRequestSchema } },
    async (request, reply) => urlsOf(request, reply, { kind: 'image', prompt: request.body.prompt }),
  );

  r.post(
    '/generate/character',
    { ...sync, schema: { ...sync.schema, body: generateCharacterRequestSchema } },
    async (request, reply) =>
      urlsOf(request, reply, {
        kind: 'character',
        prompt: request.body.prompt,
        subject: request.body.subject,
        outputs: request.body.number_of_outputs,
      }),
  );
}

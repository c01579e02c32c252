import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  MESSAGES,
  generateCharacterRequestSchema,
  generateImageRequestSchema,
  generatedUrlsSchema,
  improvePromptRequestSchema,
  improvePromptResponseSchema,
} from '@baegen/shared';
import type { Env } from '../../config/env';
import { AppError } from '../../errors/app-error';
import { currentUser } from '../auth/auth.plugin';
import type { GenerationService, StoredOutput } from './generation.service';

/** The synchronous routes answer URLs only: no job keeps the outputs' provenance there. */
const urlsOf = (outputs: StoredOutput[]) => outputs.map((output) => output.url);

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

/**
 * The per-user limit on generation requests, shared by the synchronous routes and job creation
 * (one key, so both count against the same allowance).
 */
export function generationRateLimit(env: Env) {
  return {
    max: env.GENERATION_RATE_LIMIT_MAX,
    timeWindow: env.GENERATION_RATE_LIMIT_WINDOW_MS,
    // After authentication, so the limit is per user rather than per address.
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `generate:${request.session?.userId ?? request.ip}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(429, 'RATE_LIMITED', MESSAGES.service.generationRateLimited(seconds));
    },
  };
}

export async function generationRoutes(
  app: FastifyInstance,
  opts: { generation: GenerationService; env: Env },
) {
  const { generation, env } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: generationRateLimit(env) };
  // Every synchronous route is for signed-in users, rate limited, and answers 200 with one shape.
  const route = <Body extends ZodType, Response extends ZodType>(body: Body, response: Response) => ({
    preHandler: app.authenticate,
    config,
    schema: { body, response: { 200: response } },
  });

  r.post(
    '/prompt',
    route(improvePromptRequestSchema, improvePromptResponseSchema),
    async (request, reply) => ({
      prompt: await generation.improvePrompt(request.body.appearance, clientGone(request, reply)),
    }),
  );

  r.post('/image', route(generateImageRequestSchema, generatedUrlsSchema), async (request, reply) => ({
    urls: urlsOf(
      await generation.generateImage(
        currentUser(request).userId,
        request.body.prompt,
        clientGone(request, reply),
      ),
    ),
  }));

  r.post(
    '/character',
    route(generateCharacterRequestSchema, generatedUrlsSchema),
    async (request, reply) => ({
      urls: urlsOf(
        await generation.generateCharacter(
          currentUser(request).userId,
          request.body.prompt,
          request.body.subject,
          request.body.number_of_outputs,
          clientGone(request, reply),
        ),
      ),
    }),
  );
}

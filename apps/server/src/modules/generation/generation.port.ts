import type { CreateGenerationInput, Generation, GenerationCapabilities } from '@baegen/shared/contract';
import type { FastifyRequest } from 'fastify';

/** Told of a job that ended (succeeded, failed or cancelled), on the instance that ended it. */
export type GenerationFinishedListener = (userId: string, job: Generation) => Promise<void>;

/** What other modules may do with generation jobs. */
export interface GenerationPort {
  /** Creates a job as `POST /api/generations` does: the same checks, the same active-job cap. */
  create(userId: string, input: CreateGenerationInput): Promise<Generation>;
  get(userId: string, id: string): Promise<Generation>;
  /** What the active image provider can do, per kind of image job. */
  imageCapabilities: GenerationCapabilities;
  cancel(userId: string, id: string): Promise<Generation>;
  /**
   * Registers a listener for jobs that end. A process may die before it is told: a listener's
   * owner also reads the jobs it waits for on start-up and periodically.
   */
  onFinished(listener: GenerationFinishedListener): void;
  /** The generation rate limit, for a route of another module that starts a job. */
  rateLimit: {
    max: number;
    timeWindow: number;
    hook: 'preHandler';
    keyGenerator(request: FastifyRequest): string;
    errorResponseBuilder(request: FastifyRequest, context: { ttl: number }): Error;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    generation: GenerationPort;
  }
}

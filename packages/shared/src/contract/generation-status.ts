import type { Generation } from './generations';

// The kinds and states of a generation job, free of zod: the web app imports them with its pages.

/** What a generation job makes: an image from a prompt, four variations of a subject, or a clip. */
export const GENERATION_KINDS = ['image', 'character', 'video'] as const;

export const GENERATION_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export const ACTIVE_GENERATION_STATUSES = ['queued', 'running'] as const satisfies GenerationStatus[];

/** The event name of the generation stream (`GET /api/generations/events`). */
export const GENERATION_EVENT = 'job';

export function isActiveGeneration(job: Pick<Generation, 'status'>): boolean {
  return (ACTIVE_GENERATION_STATUSES as readonly string[]).includes(job.status);
}

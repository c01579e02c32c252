import { expect } from 'vitest';
import {
  type Character,
  type CreateGenerationInput,
  type Generation,
  characterSchema,
  generationSchema,
} from '@baegen/shared/contract';
import { MESSAGES } from '@baegen/shared';
import type { FakeServer, RecordedRequest } from './fake-http-server';
import { uploadSubject } from './generation-kit';
import type { TestContext, signIn } from './test-app';

export type JobsTestUser = Awaited<ReturnType<typeof signIn>>;

export async function startJob(ctx: TestContext, who: JobsTestUser, payload: CreateGenerationInput) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/generations',
    headers: who.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  return generationSchema.parse(res.json());
}

export interface WaitOptions {
  /** Must also hold of the job. */
  also?: (job: Generation) => boolean;
  /** Runs before each poll: moves a pinned clock on, so jobs waiting on it get there. */
  tick?: () => void;
  timeoutMs?: number;
}

/** Polls the job until it has `status` (and `also` holds); fails after `timeoutMs`. */
export async function waitForJob(
  ctx: TestContext,
  who: JobsTestUser,
  id: string,
  status: Generation['status'],
  { also = () => true, tick, timeoutMs = 10_000 }: WaitOptions = {},
): Promise<Generation> {
  const deadline = Date.now() + timeoutMs;
  let job: Generation | undefined;
  while (Date.now() < deadline) {
    tick?.();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/generations/${id}`, headers: who.headers });
    job = generationSchema.parse(res.json());
    if (job.status === status && also(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${id} did not reach ${status}: ${JSON.stringify(job)}`);
}

export async function createCharacter(ctx: TestContext, who: JobsTestUser, name: string): Promise<Character> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/characters',
    headers: who.headers,
    payload: { name, description: `${name} is a test character`, appearance: 'red hair' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return characterSchema.parse(res.json());
}

/** Creates a character named `name` and starts a video of it. */
export async function startVideoJob(ctx: TestContext, who: JobsTestUser, name: string, prompt: string) {
  const character = await createCharacter(ctx, who, name);
  const job = await startJob(ctx, who, { kind: 'video', prompt, characterId: character.$id });
  return { character, job };
}

/** Runs a character job of variations of a freshly uploaded subject to its end; answers it with its inputs. */
export async function finishCharacterJob(ctx: TestContext, who: JobsTestUser, prompt: string) {
  const character = await createCharacter(ctx, who, 'Noor');
  const subject = await uploadSubject(ctx, who);
  const created = await startJob(ctx, who, {
    kind: 'character',
    prompt,
    subject: subject.url,
    characterId: character.$id,
  });
  return { character, subject, job: await waitForJob(ctx, who, created.$id, 'succeeded') };
}

/**
 * Makes the vendor refuse the first request `isSubmit` matches with a 400 and expects a video job
 * to fail at once, asking once, with the message users see for any failed video.
 */
export async function expectVideoFailsOnRefusedSubmit(
  ctx: TestContext,
  who: JobsTestUser,
  fake: FakeServer,
  isSubmit: (request: RecordedRequest) => boolean,
) {
  fake.fail(isSubmit, { status: 400 });
  const { job } = await startVideoJob(ctx, who, 'Orla', 'Orla turns');
  const failed = await waitForJob(ctx, who, job.$id, 'failed');
  expect(failed.error).toEqual({ code: 'GENERATION_FAILED', message: MESSAGES.media.generateFailed });
  expect(fake.requests.filter(isSubmit)).toHaveLength(1);
}

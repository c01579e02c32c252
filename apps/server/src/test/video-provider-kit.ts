import { expect } from 'vitest';
import type { SubjectImage, VideoProvider } from '../modules/generation/providers/ports';
import type { FakeServer } from './fake-http-server';

/** A subject with a public URL, or without one so the adapter must inline its bytes. */
export const subject = (publicUrl: string | null): SubjectImage => ({
  publicUrl,
  key: 'subject',
  bytes: async () => ({ data: Buffer.from('png'), mimeType: 'image/png' }),
  dataUri: async () => 'data:image/png;base64,cG5n',
});

/** Submits "she waves" on a subject with a public URL, never aborted. */
export const submitWaving = (provider: VideoProvider) =>
  provider.submit(
    { prompt: 'she waves', image: subject('https://cdn.example/a.png') },
    new AbortController().signal,
  );

/** The answer to the next poll of `id`: each poll takes one step, the last one repeats. */
export function nextStep<Step>(script: Step[], polls: Map<string, number>, id: string): Step {
  const count = polls.get(id) ?? 0;
  polls.set(id, count + 1);
  return script[Math.min(count, script.length - 1)]!;
}

/** Submits a job, lets the fake vendor hang its polls, and expects the abort to end a poll in flight. */
export async function expectStatusAbortable(
  provider: VideoProvider,
  fake: FakeServer,
  hangPolls: () => void,
): Promise<void> {
  const id = await provider.submit({ prompt: 'x', image: subject(null) }, new AbortController().signal);
  hangPolls();
  const controller = new AbortController();
  const polling = provider.status(id, controller.signal);
  await expect.poll(() => fake.requests.some((r) => r.method === 'GET')).toBe(true);
  controller.abort(new Error('timed out'));
  await expect(polling).rejects.toThrow('timed out');
}

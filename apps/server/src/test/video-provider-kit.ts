import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { expect } from 'vitest';
import type { SubjectImage, VideoProvider } from '../modules/generation/providers/ports';
import { SAMPLE_VIDEO_FILE, findAssetsDir } from '../modules/samples/samples.routes';
import type { FakeServer, RecordedRequest } from './fake-http-server';

/** The sample clip, which fake vendors serve at /out/clip.mp4. */
export const CLIP = fs.readFileSync(path.join(findAssetsDir(), SAMPLE_VIDEO_FILE));

export const isDownload = (r: RecordedRequest) => r.url === '/out/clip.mp4';

/** Serves the clip when `req` asks for it; answers whether it did. */
export function servesClip(req: RecordedRequest, res: ServerResponse): boolean {
  if (!isDownload(req)) return false;
  res.writeHead(200, { 'content-type': 'video/mp4' });
  res.end(CLIP);
  return true;
}

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

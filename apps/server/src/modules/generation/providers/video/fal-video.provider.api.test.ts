import { describe, expect, it } from 'vitest';
import { type RecordedRequest, sendJson, sha256 } from '../../../../test/fake-http-server';
import {
  expectVideoFailsOnRefusedSubmit,
  startVideoJob,
  waitForJob,
} from '../../../../test/generation-jobs-kit';
import { servedSha } from '../../../../test/generation-kit';
import { useProviderHarness } from '../../../../test/provider-test-harness';
import { TEST_DIALECT } from '../../../../test/test-app';
import { CLIP, isDownload, servesClip } from '../../../../test/video-provider-kit';

const MODEL = 'fal-ai/wan-i2v';
const isSubmit = (r: RecordedRequest) => r.method === 'POST' && r.url === `/${MODEL}`;
const isStatus = (r: RecordedRequest) => r.method === 'GET' && r.url.endsWith('/status?logs=1');
const isResult = (r: RecordedRequest) => r.method === 'GET' && /\/requests\/[\w-]+$/.test(r.url);

/**
 * Video jobs on fal's queue API when the vendor has a bad moment: each request is `IN_PROGRESS`
 * on its first status poll and `COMPLETED` on the next, with a result whose clip the fake serves.
 */
describe(`fal video jobs (${TEST_DIALECT})`, () => {
  let submitted = 0;
  const polls = new Map<string, number>();
  const h = useProviderHarness({
    env: (url) => ({
      VIDEO_PROVIDER: 'fal',
      FAL_KEY: 'fal-key',
      FAL_BASE_URL: url,
      FAL_VIDEO_MODEL: MODEL,
      VIDEO_POLL_INTERVAL_MS: '20',
    }),
    vendor: (req, res, { url }) => {
      if (servesClip(req, res)) return;
      if (req.headers.authorization !== 'Key fal-key') return sendJson(res, 401, { detail: 'Unauthorized' });
      if (isSubmit(req)) return sendJson(res, 200, { request_id: `req-${(submitted += 1)}` });
      const id = /\/requests\/([\w-]+)/.exec(req.url)?.[1] ?? '';
      if (isStatus(req)) {
        const count = (polls.get(id) ?? 0) + 1;
        polls.set(id, count);
        return count >= 2
          ? sendJson(res, 200, { status: 'COMPLETED', logs: [] })
          : sendJson(res, 202, { status: 'IN_PROGRESS', logs: [] });
      }
      if (isResult(req)) return sendJson(res, 200, { video: { url: `${url}/out/clip.mp4` } });
      sendJson(res, 404, { detail: 'Not found' });
    },
  });

  it('succeeds through a 503 submit, a dropped status poll, a 503 result and a 503 download, submitting once', async () => {
    const before = submitted;
    h.fake.fail(isSubmit, { status: 503 }, 2);
    h.fake.fail(isStatus, 'drop');
    h.fake.fail(isResult, { status: 503 });
    h.fake.fail(isDownload, { status: 503 });
    const { job } = await startVideoJob(h.ctx, h.user, 'Nova', 'Nova waves');
    const done = await waitForJob(h.ctx, h.user, job.$id, 'succeeded');
    expect(submitted - before).toBe(1);
    expect(h.fake.requests.filter(isSubmit)).toHaveLength(3);
    const paths = h.fake.requests.filter((r) => isStatus(r) || isResult(r)).map((r) => r.url);
    expect(paths.every((p) => p.startsWith(`/${MODEL}/requests/req-${before + 1}`))).toBe(true);
    expect(h.fake.requests.filter(isResult)).toHaveLength(2);
    expect(await servedSha(h.ctx, h.user, done.outputs[0]!)).toBe(sha256(CLIP));
  });

  it('fails the job at once on a 400 submit, with the message users see for any failed video', async () => {
    await expectVideoFailsOnRefusedSubmit(h.ctx, h.user, h.fake, isSubmit);
  });
});

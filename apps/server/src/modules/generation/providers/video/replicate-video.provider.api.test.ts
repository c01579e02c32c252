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

const isCreate = (r: RecordedRequest) => r.method === 'POST' && r.url.endsWith('/predictions');
const isPoll = (r: RecordedRequest) => r.method === 'GET' && r.url.startsWith('/v1/predictions/');

/**
 * Video jobs on Replicate's predictions API when the vendor has a bad moment: each prediction is
 * `processing` on its first poll and `succeeded` with a clip the fake serves on the next.
 */
describe(`replicate video jobs (${TEST_DIALECT})`, () => {
  const accepted: string[] = [];
  const polls = new Map<string, number>();
  const h = useProviderHarness({
    env: (url) => ({
      VIDEO_PROVIDER: 'replicate',
      REPLICATE_API_TOKEN: 'r8_video',
      REPLICATE_BASE_URL: `${url}/v1`,
      VIDEO_POLL_INTERVAL_MS: '20',
    }),
    vendor: (req, res, { url }) => {
      if (servesClip(req, res)) return;
      if (req.headers.authorization !== 'Bearer r8_video') return sendJson(res, 401, { detail: 'no' });
      if (isCreate(req)) {
        const id = `vid${accepted.length + 1}`;
        accepted.push(id);
        return sendJson(res, 201, { id, status: 'starting', output: null, error: null, logs: '' });
      }
      const id = /^\/v1\/predictions\/(\w+)$/.exec(req.url)?.[1];
      if (req.method === 'GET' && id && accepted.includes(id)) {
        const count = (polls.get(id) ?? 0) + 1;
        polls.set(id, count);
        const settled = count >= 2;
        return sendJson(res, 200, {
          id,
          status: settled ? 'succeeded' : 'processing',
          output: settled ? `${url}/out/clip.mp4` : null,
          error: null,
          logs: settled ? '' : ' 50%|█████     | 10/20 [00:10<00:10,  1.00s/it]',
        });
      }
      sendJson(res, 404, { detail: 'Not found' });
    },
  });

  it('succeeds through a 503 create, a 502 poll and a 503 download, with one prediction accepted', async () => {
    const before = accepted.length;
    h.fake.fail(isCreate, { status: 503 }, 2);
    h.fake.fail(isPoll, { status: 502 });
    h.fake.fail(isDownload, { status: 503 });
    const { job } = await startVideoJob(h.ctx, h.user, 'Nova', 'Nova waves');
    const done = await waitForJob(h.ctx, h.user, job.$id, 'succeeded');
    expect(accepted.slice(before)).toEqual([`vid${before + 1}`]);
    expect(h.fake.requests.filter(isCreate)).toHaveLength(3);
    expect(new Set(h.fake.requests.filter(isPoll).map((r) => r.url))).toEqual(
      new Set([`/v1/predictions/vid${before + 1}`]),
    );
    expect(h.fake.requests.filter(isDownload)).toHaveLength(2);
    expect(await servedSha(h.ctx, h.user, done.outputs[0]!)).toBe(sha256(CLIP));
  });

  it('fails the job at once on a 400 create, with the message users see for any failed video', async () => {
    await expectVideoFailsOnRefusedSubmit(h.ctx, h.user, h.fake, isCreate);
    expect(h.fake.requests.filter(isPoll)).toHaveLength(0);
  });
});

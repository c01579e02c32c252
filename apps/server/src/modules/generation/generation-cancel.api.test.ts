import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaListSchema } from '@baegen/shared';
import { type FakeServer, startFakeServer } from '../../test/fake-http-server';
import { type JobsTestUser, startVideoJob, waitForJob } from '../../test/generation-jobs-kit';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../test/test-app';
import { SAMPLE_VIDEO_FILE, findAssetsDir } from '../samples';
import { LocalDiskDriver } from '../storage/drivers/local-disk.driver';
import type { VideoProvider } from './providers/ports';

describe(`cancelling a video job while its clip is stored (${TEST_DIALECT})`, () => {
  const clip = fs.readFileSync(path.join(findAssetsDir(), SAMPLE_VIDEO_FILE));
  let vendorFiles: FakeServer;
  let ctx: TestContext;
  let user: JobsTestUser;

  beforeAll(async () => {
    vendorFiles = await startFakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4' }).end(clip);
    });
    const finished: VideoProvider = {
      name: 'finished',
      submit: async () => 'vendor-job',
      status: async () => ({
        status: 'succeeded',
        output: { kind: 'url', url: `${vendorFiles.url}/clip.mp4` },
      }),
      cancel: async () => undefined,
    };
    // Storage is slow to write, and a write once started is not taken back: the job sits in its
    // `storing` phase long enough to be cancelled, and the clip is stored all the same.
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-slow-files-'));
    const slowDisk = new (class extends LocalDiskDriver {
      override async put(key: string, data: Buffer) {
        await sleep(600);
        return super.put(key, data);
      }
    })(filesDir);
    ctx = await createTestApp(
      { VIDEO_POLL_INTERVAL_MS: '10' },
      { providers: { video: finished }, storageDriver: slowDisk },
    );
    user = await signIn(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await vendorFiles.close();
  });

  it('ends cancelled and never leaves a media record behind', async () => {
    const { job } = await startVideoJob(ctx, user, 'Iris', 'Iris waves');
    await waitForJob(ctx, user, job.$id, 'running', { also: (j) => j.progress.phase === 'storing' });
    // The clip has come from the vendor by now and is being written.
    await sleep(250);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/generations/${job.$id}/cancel`,
      headers: user.headers,
    });
    expect(cancel.statusCode).toBe(200);
    // Long after the download would have finished and the record been written.
    await sleep(1_200);
    const after = await waitForJob(ctx, user, job.$id, 'cancelled');
    expect(after.mediaIds).toEqual([]);
    const media = await ctx.app.inject({
      method: 'GET',
      url: '/api/media?type=video',
      headers: user.headers,
    });
    expect(mediaListSchema.parse(media.json()).documents).toEqual([]);
  });
});

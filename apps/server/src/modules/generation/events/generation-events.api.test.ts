import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../../../test/event-stream-kit';
import { type JobsTestUser, startJob, waitForJob } from '../../../test/generation-jobs-kit';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../../test/test-app';

describe(`generation event stream (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  let base: string;
  let alice: JobsTestUser;
  let bob: JobsTestUser;

  beforeAll(async () => {
    ctx = await createTestApp({ DEMO_DELAY_MS: '0' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    alice = await signIn(ctx.app);
    bob = await signIn(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('opens at once as an unbuffered event stream, and needs a session', async () => {
    const stream = await openStream(base, alice);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    await stream.until(() => stream.comments.length > 0);
    await stream.close();
    const anonymous = await fetch(`${base}/api/generations/events`);
    expect(anonymous.status).toBe(401);
  });

  it('caps the streams one user holds open with 429, and frees a place when one closes', async () => {
    const carol = await signIn(ctx.app);
    const open = await Promise.all(
      Array.from({ length: ctx.env.EVENT_STREAMS_PER_USER }, () => openStream(base, carol)),
    );
    const refused = await fetch(`${base}/api/generations/events`, { headers: carol.headers });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'TOO_MANY_STREAMS' } });
    // Someone else is not held back by Carol's streams.
    const other = await openStream(base, bob);
    expect(other.response.status).toBe(200);
    await other.close();
    await open[0]!.close();
    await expect
      .poll(async () => {
        const again = await openStream(base, carol);
        const status = again.response.status;
        await again.close();
        return status;
      })
      .toBe(200);
    await Promise.all(open.slice(1).map((stream) => stream.close()));
  });

  it("carries each change of the caller's jobs, in order, and never another user's", async () => {
    const aliceStream = await openStream(base, alice);
    const bobStream = await openStream(base, bob);
    const job = await startJob(ctx, alice, { kind: 'image', prompt: 'a harbour at night' });
    await waitForJob(ctx, alice, job.$id, 'succeeded');
    await aliceStream.until(() => aliceStream.events.some((e) => e.job.status === 'succeeded'));
    const statuses = aliceStream.events.map((e) => e.job.status);
    expect(statuses[0]).toBe('queued');
    expect(statuses.at(-1)).toBe('succeeded');
    expect(statuses).toContain('running');
    expect(aliceStream.events.every((e) => e.event === 'job' && e.job.$id === job.$id)).toBe(true);
    const ids = aliceStream.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    // Bob's stream stays empty while Alice's job runs to the end.
    expect(bobStream.events).toEqual([]);
    await aliceStream.close();
    await bobStream.close();
  });

  it('replays every later event after a reconnect with Last-Event-ID', async () => {
    const first = await openStream(base, alice);
    const job = await startJob(ctx, alice, { kind: 'image', prompt: 'a quiet library' });
    await first.until(() => first.events.length >= 1);
    const seen = first.events[0]!.id;
    await first.close();
    await waitForJob(ctx, alice, job.$id, 'succeeded');

    const resumed = await openStream(base, alice, seen);
    await resumed.until(() => resumed.events.some((e) => e.job.status === 'succeeded'));
    expect(resumed.events.every((e) => e.id > seen)).toBe(true);
    expect(resumed.events.map((e) => e.job.status)).toEqual(expect.arrayContaining(['running', 'succeeded']));
    await resumed.close();
  });
});

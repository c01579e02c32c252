import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { type CutProxy, databaseBehindCutProxy } from '../../test/cut-proxy';
import { openStream } from '../../test/event-stream-kit';
import { startJob } from '../../test/generation-jobs-kit';
import { TEST_DIALECT, signIn } from '../../test/test-app';
import { useAnotherInstance, useTestApp } from '../../test/test-hooks';
import { type ChannelListener, listenToChannels } from './channels.repository';
import { FleetRepository } from './fleet.repository';

describe('fleet repository', () => {
  const ctx = useTestApp();
  const repo = () => new FleetRepository(ctx.database.db);

  it('counts hits in a window and starts again once it has run out', async () => {
    expect(await repo().hit('k1', 1000, 5_000)).toEqual({ count: 1, expiresAt: 6_000 });
    expect(await repo().hit('k1', 1000, 5_500)).toEqual({ count: 2, expiresAt: 6_000 });
    expect(await repo().readHits('k1', 5_900)).toEqual({ count: 2, expiresAt: 6_000 });
    expect(await repo().hit('k1', 1000, 6_000)).toEqual({ count: 1, expiresAt: 7_000 });
    expect(await repo().readHits('k1', 7_000)).toBeUndefined();
  });

  it('loses no hit when many arrive at once', async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => repo().hit('k2', 60_000, 1_000)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('deletes only windows that have run out', async () => {
    await repo().hit('old', 100, 1_000);
    await repo().hit('live', 100_000, 1_000);
    expect(await repo().deleteExpiredHits(2_000)).toBeGreaterThanOrEqual(1);
    expect(await repo().readHits('old', 1_050)).toBeUndefined();
    expect(await repo().readHits('live', 2_000)).toMatchObject({ count: 1 });
  });

  const claim = (name: string, owner: string, nowMs: number, notAfterMs: number) =>
    repo().claimRun(name, { owner, nowMs, notAfterMs, leaseUntilMs: nowMs + 1_000 });

  it('grants a periodic run to one claimant until the run is due again', async () => {
    const claims = await Promise.all(['a', 'b', 'c'].map((owner) => claim('task', owner, 10_000, 9_500)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const winner = ['a', 'b', 'c'][claims.indexOf(true)]!;
    await repo().releaseRun('task', winner);
    expect(await claim('task', 'b', 10_400, 9_900)).toBe(false);
    expect(await claim('task', 'b', 10_600, 10_000)).toBe(true);
    expect(await claim('other', 'b', 10_600, 10_000)).toBe(true);
  });

  it('holds a run for as long as its lease is renewed, and lets it go when the holder dies', async () => {
    expect(await claim('slow', 'a', 1_000, 0)).toBe(true);
    // Due again, but still running on 'a': nobody else may start it.
    expect(await claim('slow', 'b', 1_900, 1_800)).toBe(false);
    expect(await repo().renewRun('slow', 'a', 5_000)).toBe(true);
    expect(await claim('slow', 'b', 4_900, 4_800)).toBe(false);
    // 'a' stopped renewing (it died): once the lease runs out the run is free.
    expect(await claim('slow', 'b', 5_000, 4_900)).toBe(true);
    expect(await repo().renewRun('slow', 'a', 9_000)).toBe(false);
  });
});

if (TEST_DIALECT === 'postgres') {
  describe('two instances on one PostgreSQL database', () => {
    const ctx = useTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    const other = useAnotherInstance(ctx);

    it('counts a rate limit across both', async () => {
      const nonce = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/api/auth/nonce', payload: { address: 'x' } });
      const statuses = [];
      for (const app of [ctx.app, other(), ctx.app, other()]) statuses.push((await nonce(app)).statusCode);
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
    });

    it('streams a job started on one instance to a stream open on the other', async () => {
      await other().listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(other().server.address() as AddressInfo).port}`;
      ctx.clock.advance(61_000);
      const user = await signIn(ctx.app);
      const stream = await openStream(base, user);
      try {
        const job = await startJob(ctx, user, { kind: 'image', prompt: 'a lighthouse at dusk' });
        // Only the instance that took the request announces the queued job.
        await stream.until(() =>
          stream.events.some((event) => event.job.$id === job.$id && event.job.status === 'queued'),
        );
      } finally {
        await stream.close();
      }
    });
  });
}

if (TEST_DIALECT === 'sqlite') {
  describe('one instance on SQLite', () => {
    const ctx = useTestApp({ AUTH_RATE_LIMIT_MAX: '1' });

    it('keeps rate limits in process', async () => {
      const nonce = () =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/nonce', payload: { address: 'x' } });
      expect((await nonce()).statusCode).not.toBe(429);
      expect((await nonce()).statusCode).toBe(429);
      const rows = await ctx.database.db.selectFrom('rate_limits').selectAll().execute();
      expect(rows).toEqual([]);
    });
  });
}

const CHANNEL = 'baegen_test_channel';

async function waitFor(what: string, check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

if (TEST_DIALECT === 'postgres') {
  describe('the announcement channels over a connection that goes away', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-channels-'));
    let url: string;
    let drop: () => Promise<void>;
    let proxy: CutProxy;
    let notifier: pg.Client;
    let listener: ChannelListener;
    const heard: string[] = [];
    const errors: unknown[] = [];
    let resubscribed = 0;

    beforeAll(async () => {
      ({ url, proxy, drop } = await databaseBehindCutProxy(dataDir));
      notifier = new pg.Client({ connectionString: url });
      await notifier.connect();
      listener = await listenToChannels(
        {
          connectionString: proxy.through(url),
          connectTimeoutMs: 300,
          retryMs: 50,
          maxRetryMs: 200,
          heartbeatMs: 200,
        },
        new Map([[CHANNEL, (payload: string) => void heard.push(payload)]]),
        { onError: (error) => void errors.push(error), onResubscribed: () => void (resubscribed += 1) },
      );
    });

    afterAll(async () => {
      await listener?.close();
      await notifier?.end();
      await proxy?.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const notify = (payload: string) => notifier.query('select pg_notify($1, $2)', [CHANNEL, payload]);

    it('hears what is announced', async () => {
      await notify('first');
      await waitFor('the first notice', () => heard.includes('first'));
    });

    it('connects and subscribes again once the database takes connections after a refused spell', async () => {
      await proxy.cut();
      await notify('while cut');
      // Long enough for several attempts to be refused.
      await sleep(1_000);
      expect(errors.length).toBeGreaterThan(2);
      expect(resubscribed).toBe(0);
      await proxy.restore();
      await waitFor('the subscription again', () => resubscribed === 1);
      await notify('after the cut');
      await waitFor('the notice after the cut', () => heard.includes('after the cut'));
      expect(heard).not.toContain('while cut');
    });

    it('finds a connection that stopped carrying anything by its heartbeat, and subscribes again', async () => {
      const before = errors.length;
      proxy.stall();
      await waitFor('the heartbeat to give up', () =>
        errors.slice(before).some((error) => /stopped answering/.test(String(error))),
      );
      await proxy.restore();
      await waitFor('the subscription again', () => resubscribed === 2);
      await notify('after the stall');
      await waitFor('the notice after the stall', () => heard.includes('after the stall'));
    });
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterSchema, generationSchema, healthSchema } from '@baegen/shared/contract';
import { json, signIn, waitFor } from './test/cluster-kit';
import { type ProxiedDatabase, databaseBehindCutProxy } from './test/cut-proxy';
import { openStream } from './test/event-stream-kit';
import { type ServerProcess, startServerProcess } from './test/server-process';

const OUTAGE_MS = 20_000;
// The video job is still on the provider's side when the database comes back.
const DEMO_DELAY_MS = OUTAGE_MS + 5_000;
const FINISHED = ['succeeded', 'failed', 'cancelled'];

const health = async (server: ServerProcess) => {
  const res = await fetch(`${server.base}/api/health`);
  return { status: res.status, body: healthSchema.parse(await res.json()) };
};

/**
 * Instance A reaches PostgreSQL through a proxy that is cut for twenty seconds; instance B, started
 * meanwhile, reaches it directly. A must ride the outage out and pick every connection up again.
 */
describe('an instance whose database goes away for twenty seconds', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-outage-'));
  let database: ProxiedDatabase;
  let env: Record<string, string>;
  let a: ServerProcess;
  let starting: Promise<ServerProcess> | undefined;

  beforeAll(async () => {
    database = await databaseBehindCutProxy(dataDir);
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DEMO_DELAY_MS: String(DEMO_DELAY_MS),
      VIDEO_POLL_INTERVAL_MS: '500',
      GENERATION_LEASE_MS: '3000',
      SHUTDOWN_GRACE_MS: '300',
    };
    a = await startServerProcess({ ...env, DATABASE_URL: database.proxy.through(database.url) });
  }, 90_000);

  afterAll(async () => {
    await database?.proxy.restore();
    const b = await starting?.catch(() => undefined);
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.proxy.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while cut off, recovers every connection, keeps every write and finishes its job', async () => {
    const who = await signIn(a);
    const created = await json(a, who, 'POST', '/api/characters', { name: 'Vera', appearance: 'red coat' });
    expect(created.status).toBe(201);
    const character = characterSchema.parse(await created.json());
    const started = await json(a, who, 'POST', '/api/generations', {
      kind: 'video',
      prompt: 'Vera turns around',
      characterId: character.$id,
    });
    expect(started.status).toBe(202);
    const { $id: videoId } = generationSchema.parse(await started.json());
    const jobOn = async (server: ServerProcess) =>
      generationSchema.parse(await (await json(server, who, 'GET', `/api/generations/${videoId}`)).json());
    // A is the only instance: its worker holds the job, polling the provider.
    await waitFor('the job to run on A', async () =>
      (await jobOn(a)).progress.phase === 'generating' ? true : undefined,
    );

    await database.proxy.cut();
    const cutAt = Date.now();
    // B comes up meanwhile on a direct connection, to relay its announcements to A afterwards.
    starting = startServerProcess(env);

    const down = await waitFor('A to report the database down', async () => {
      const answer = await health(a);
      return answer.status === 503 ? answer : undefined;
    });
    expect(down.body).toEqual({ status: 'unavailable', database: 'down', storage: 'ok' });
    const calls = [
      { method: 'GET', url: '/api/auth/session' },
      { method: 'GET', url: '/api/characters' },
      { method: 'GET', url: `/api/generations/${videoId}` },
      { method: 'POST', url: '/api/characters', body: { name: 'Lost', appearance: 'grey' } },
    ];
    for (const call of calls) {
      const refused = await json(a, who, call.method, call.url, call.body);
      expect({ ...call, status: refused.status }).toEqual({ ...call, status: 503 });
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({
        error: { code: 'DATABASE_UNAVAILABLE', message: expect.stringMatching(/unavailable/) },
      });
    }
    // Every pool, the worker and the listener keep failing for the whole outage: A answers throughout.
    while (Date.now() - cutAt < OUTAGE_MS) {
      expect((await health(a)).status).toBe(503);
      await sleep(1000);
    }

    await database.proxy.restore();
    // Within a few seconds on a slow machine: a fresh pooled connection is all it takes.
    await waitFor(
      'A to report the database up',
      async () => ((await health(a)).status === 200 ? true : undefined),
      15_000,
    );

    const listed = (await (await json(a, who, 'GET', '/api/characters')).json()) as {
      documents: { $id: string }[];
    };
    expect(listed.documents.map((doc) => doc.$id)).toEqual([character.$id]);

    const done = await waitFor(
      'the video job to finish',
      async () => {
        const job = await jobOn(a);
        return FINISHED.includes(job.status) ? job : undefined;
      },
      60_000,
    );
    expect(done.status).toBe('succeeded');
    expect(done.mediaIds).toHaveLength(1);
    const media = (await (await json(a, who, 'GET', '/api/media')).json()) as {
      documents: { $id: string }[];
    };
    expect(media.documents.map((doc) => doc.$id)).toEqual(done.mediaIds);

    // The worker that could not record the job's outcome is replaced and its job unlocked.
    await waitFor(
      "A's job queue to replace its lost worker",
      async () =>
        a.logs.some((line) => line.msg === 'Jobs of lost job queue workers unlocked') ? true : undefined,
      30_000,
    );

    // A job announced by B reaches a stream on A only through A's LISTEN connection.
    await waitFor('A to subscribe to its channels again', async () =>
      a.logs.some((line) => line.msg === 'announcement channels subscribed again') ? true : undefined,
    );
    const other = await starting;
    const stream = await openStream(a.base, who);
    try {
      const res = await json(other, who, 'POST', '/api/generations', { kind: 'image', prompt: 'a lamp' });
      expect(res.status).toBe(202);
      const { $id } = generationSchema.parse(await res.json());
      await stream.until(
        () => stream.events.some((event) => event.job.$id === $id && event.job.status === 'queued'),
        20_000,
      );
    } finally {
      await stream.close();
    }
    const failures = a.logs.filter(
      (line) => line.level === 60 || (Number(line.statusCode) >= 500 && line.statusCode !== 503),
    );
    expect(failures).toEqual([]);
    expect(await a.stop()).toBe(0);
  }, 180_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_CHUNK_BYTES,
  characterSchema,
  fileUploadSchema,
  generationSchema,
} from '@baegen/shared/contract';
import { type Who, json, signIn, waitFor } from './test/cluster-kit';
import { openStream } from './test/event-stream-kit';
import { type S3rverKit, startS3rver } from './test/s3rver-kit';
import { type ServerProcess, startServerProcess } from './test/server-process';
import { createTestDatabase } from './test/test-app';

const SWEEP_INTERVAL_MS = 300;

/** Two server processes on one PostgreSQL database and one S3 bucket, as behind a load balancer. */
describe('two instances on one PostgreSQL database and one bucket', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-cluster-'));
  let s3: S3rverKit;
  let dropDatabase: () => Promise<void>;
  let env: Record<string, string>;
  let a: ServerProcess;
  let b: ServerProcess;
  const users: Who[] = [];

  beforeAll(async () => {
    s3 = await startS3rver();
    const database = await createTestDatabase(dataDir);
    await database.database.close();
    dropDatabase = database.drop;
    env = {
      ...database.env,
      ...s3.env,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'debug',
      GENERATION_RATE_LIMIT_MAX: '5',
      GENERATION_MAX_ACTIVE: '50',
      CANDIDATE_TTL_HOURS: '0.0005',
      SWEEP_INTERVAL_MINUTES: String(SWEEP_INTERVAL_MS / 60_000),
    };
    // One after the other, as a deploy would: the first runs the migrations.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dropDatabase?.();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts a session made on A at B', async () => {
    const who = await signIn(a, users);
    expect((await json(b, who, 'GET', '/api/auth/session')).status).toBe(200);
  });

  it('completes an upload whose chunks land on different instances, and serves it exactly', async () => {
    const who = await signIn(a, users);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3cf' } })
      .png()
      .toBuffer();
    const data = Buffer.concat([png, randomBytes(12 * 1024 * 1024 - png.length)]);
    let fileId: string | undefined;
    let chunk = 0;
    for (let start = 0; start < data.length; start += UPLOAD_CHUNK_BYTES, chunk += 1) {
      const end = Math.min(start + UPLOAD_CHUNK_BYTES, data.length) - 1;
      const res = await fetch(`${(chunk % 2 === 0 ? a : b).base}/api/files?name=big.png`, {
        method: 'POST',
        headers: {
          ...who.headers,
          'content-type': 'application/octet-stream',
          'content-range': `bytes ${start}-${end}/${data.length}`,
          ...(fileId ? { 'x-file-id': fileId } : {}),
        },
        body: data.subarray(start, end + 1),
      });
      expect(res.status).toBe(end === data.length - 1 ? 201 : 202);
      fileId = fileUploadSchema.parse(await res.json()).$id;
    }
    const served = await json(b, who, 'GET', `/api/files/${fileId}/view`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
  });

  it('lists on A a character created on B', async () => {
    const who = await signIn(b, users);
    const created = await json(b, who, 'POST', '/api/characters', {
      name: 'Nova',
      appearance: 'silver hair',
    });
    expect(created.status).toBe(201);
    const { $id } = characterSchema.parse(await created.json());
    const listed = (await (await json(a, who, 'GET', '/api/characters')).json()) as {
      documents: { $id: string }[];
    };
    expect(listed.documents.map((doc) => doc.$id)).toContain($id);
  });

  it('shows a generation started on A on an event stream opened on B', async () => {
    const who = await signIn(a, users);
    const stream = await openStream(b.base, who);
    try {
      const res = await json(a, who, 'POST', '/api/generations', { kind: 'image', prompt: 'a red kite' });
      expect(res.status).toBe(202);
      const job = generationSchema.parse(await res.json());
      await stream.until(() => stream.events.some((event) => event.job.$id === job.$id), 15_000);
    } finally {
      await stream.close();
    }
  });

  it('refuses the sixth generation request of a window, split across A and B', async () => {
    const who = await signIn(b, users);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await json(i % 2 === 0 ? a : b, who, 'POST', '/api/generations', {
        kind: 'image',
        prompt: `a paper boat, take ${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('sweeps each expired candidate exactly once across the fleet', async () => {
    const finished = ['succeeded', 'failed', 'cancelled'];
    // Every image job of this suite leaves its outputs as candidates nobody saves.
    const candidates = await waitFor('every job to finish', async () => {
      let count = 0;
      for (const who of users) {
        const page = (await (await json(a, who, 'GET', '/api/generations?limit=100')).json()) as {
          documents: unknown[];
        };
        const jobs = page.documents.map((doc) => generationSchema.parse(doc));
        if (jobs.some((job) => !finished.includes(job.status))) return undefined;
        count += jobs.reduce((sum, job) => sum + job.outputs.length, 0);
      }
      return count;
    });
    expect(candidates).toBeGreaterThan(0);
    const sweeps = () =>
      [a, b]
        .flatMap((server) => server.logs)
        .filter((line) => line.msg === 'periodic task' && line.task === 'files-sweep') as {
        result: number;
        time: number;
      }[];
    const removed = () => sweeps().reduce((sum, line) => sum + line.result, 0);
    await waitFor('the candidates to be swept', async () => (removed() >= candidates ? true : undefined));
    // Both instances tick every interval; the fleet sweeps at most once per 0.9 of one.
    const from = Date.now();
    await sleep(10 * SWEEP_INTERVAL_MS);
    const runs = sweeps().filter((line) => line.time >= from).length;
    expect(runs).toBeGreaterThan(0);
    expect(runs).toBeLessThanOrEqual(Math.floor(10 / 0.9) + 1);
    expect(removed()).toBe(candidates);
  });
});

describe('an instance stopped in the middle of a job', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-cluster-'));
  const users: Who[] = [];
  let dropDatabase: () => Promise<void>;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase(dataDir);
    await database.database.close();
    dropDatabase = database.drop;
    env = {
      ...database.env,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      GENERATION_LEASE_MS: '1000',
      SHUTDOWN_GRACE_MS: '300',
      DEMO_DELAY_MS: '5000',
    };
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands its running job back on SIGTERM, exits 0, and the other instance finishes the job', async () => {
    const a = await startServerProcess(env);
    servers.push(a);
    const who = await signIn(a, users);
    const created = await json(a, who, 'POST', '/api/characters', { name: 'Iris', appearance: 'green eyes' });
    const character = characterSchema.parse(await created.json());
    const started = await json(a, who, 'POST', '/api/generations', {
      kind: 'video',
      prompt: 'Iris waves',
      characterId: character.$id,
    });
    const { $id } = generationSchema.parse(await started.json());
    const jobOn = async (server: ServerProcess) =>
      generationSchema.parse(await (await json(server, who, 'GET', `/api/generations/${$id}`)).json());
    // A is the only instance yet, so A runs the job.
    await waitFor('the job to run on A', async () =>
      (await jobOn(a)).status === 'running' ? true : undefined,
    );
    const b = await startServerProcess(env);
    servers.push(b);

    expect(await a.stop()).toBe(0);
    const done = await waitFor(
      'B to finish the job',
      async () => {
        const job = await jobOn(b);
        return ['succeeded', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
      },
      40_000,
    );
    expect(done.status).toBe('succeeded');
    expect(done.mediaIds).toHaveLength(1);
  }, 90_000);
});

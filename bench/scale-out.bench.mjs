// Scale-out figures: list throughput of one instance against two on the same PostgreSQL database,
// and a 100 MB chunked upload into an S3 bucket (s3rver on this machine) against local disk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { loadTest, median, signIn, startServer } from './support.mjs';
import { makeVideoLike, uploadFile } from './upload.bench.mjs';
import { ADMIN_URL } from './scratch-database.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'scale-out';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 8);
const UPLOAD_RUNS = 3;
const LIMITS = { AUTH_RATE_LIMIT_MAX: '100000', UPLOAD_RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'error' };

async function admin(statement) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const load = (urls, path, cookie) =>
  loadTest(urls, path, cookie, { connections: CONNECTIONS, seconds: SECONDS });

async function listThroughput() {
  const database = `bench_scale_${process.pid}`;
  await admin(`create database ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const env = { ...LIMITS, DATABASE_URL: url.href };
  const servers = [];
  try {
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
    const [a, b] = servers;
    const cookie = await signIn(a.url);
    for (let i = 0; i < 100; i += 1) {
      const res = await fetch(`${a.url}/api/characters`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench ${i}`,
          appearance: 'short black hair, red scarf',
          description: 'x'.repeat(200),
        }),
      });
      if (res.status !== 201) throw new Error(`seeding failed: ${await res.text()}`);
    }
    const list = '/api/characters?limit=100';
    await load([a.url, b.url], list, cookie);
    const one = await load([a.url], list, cookie);
    const two = await load([a.url, b.url], list, cookie);
    const line = (label, r) =>
      `${label}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}`;
    return [
      `GET ${list} (100 documents), signed in, ${CONNECTIONS} connections, ${SECONDS} s each, PostgreSQL:`,
      line('   one instance', one),
      line('   two instances, requests alternating', two),
      `   ratio two / one: ${(two.rps / one.rps).toFixed(2)} (client and both servers share ${os.cpus().length} cores)`,
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await admin(`drop database if exists ${database} with (force)`);
  }
}

async function timeUploads(env) {
  const server = await startServer({ env: { ...LIMITS, ...env } });
  try {
    const source = path.join(server.dataDir, 'bench-source.bin');
    fs.writeFileSync(source, makeVideoLike());
    const cookie = await signIn(server.url);
    const times = [];
    for (let i = -1; i < UPLOAD_RUNS; i += 1) {
      const started = performance.now();
      const file = await uploadFile(`${server.url}/api/files?name=bench.mp4`, cookie, source);
      if (i >= 0) times.push(performance.now() - started);
      if (file.status !== 'ready') throw new Error(`upload did not complete: ${JSON.stringify(file)}`);
      await fetch(`${server.url}/api/files/${file.$id}`, { method: 'DELETE', headers: { cookie } });
    }
    return times;
  } finally {
    await server.stop();
  }
}

async function uploadToS3() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-bench-s3-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: 'bench' }));
  client.destroy();
  try {
    const local = await timeUploads({});
    const bucket = await timeUploads({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'bench',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    const line = (label, times) =>
      `   ${label}: median ${median(times).toFixed(0)} ms (${(100 / (median(times) / 1000)).toFixed(0)} MB/s; runs ${times.map((ms) => ms.toFixed(0)).join(', ')} ms)`;
    return [
      '100 MB upload in 5 MB chunks over loopback:',
      line('local disk (baseline)', local),
      line('S3 multipart into s3rver on the same disk', bucket),
      `   S3 / local time: ${(median(bucket) / median(local)).toFixed(2)}`,
    ];
  } finally {
    await s3.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

/** @public Read by bench/run.mjs. */
export async function run() {
  return [...(await listThroughput()), ...(await uploadToS3())];
}

// Generation jobs through the built server: enqueue-to-start latency on SQLite and PostgreSQL,
// throughput of one worker, and event delivery to many stream subscribers.
import { fileURLToPath } from 'node:url';
import { ADMIN_URL, scratchDatabase } from './scratch-database.mjs';
import { signIn, startServer } from './support.mjs';
import { openEventStream, percentile } from './streams.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'generation jobs';

const LATENCY_JOBS = 200;
const THROUGHPUT_JOBS = 1000;
const SUBSCRIBERS = 200;
const DELIVERY_JOBS = 20;

const JOB_ENV = {
  GENERATION_RATE_LIMIT_MAX: '100000',
  GENERATION_MAX_ACTIVE: '100000',
  DEMO_DELAY_MS: '0',
  // One user's job seen by many subscribers: past the per-user cap a real deployment keeps.
  EVENT_STREAMS_PER_USER: '1000',
};

async function createJob(server, cookie, prompt) {
  const res = await fetch(`${server.url}/api/generations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ kind: 'image', prompt }),
  });
  if (res.status !== 202)
    throw new Error(`POST /api/generations answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** startedAt - createdAt of jobs run one at a time, so none waits behind another. */
async function enqueueToStart(env) {
  const server = await startServer({ env: { ...JOB_ENV, ...env } });
  try {
    const cookie = await signIn(server.url);
    const stream = await openEventStream(server.url, cookie);
    const latencies = [];
    for (let i = -10; i < LATENCY_JOBS; i += 1) {
      const job = await createJob(server, cookie, `latency ${i}`);
      const done = await stream.next((event) => event.$id === job.$id && event.status === 'succeeded');
      if (i >= 0) latencies.push(Date.parse(done.startedAt) - Date.parse(done.createdAt));
    }
    await stream.close();
    return `p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms`;
  } finally {
    await server.stop();
  }
}

async function throughput() {
  const server = await startServer({ env: { ...JOB_ENV, GENERATION_CONCURRENCY: '1' } });
  try {
    const cookie = await signIn(server.url);
    const stream = await openEventStream(server.url, cookie);
    const started = performance.now();
    const ids = new Set();
    for (let i = 0; i < THROUGHPUT_JOBS; i += 1)
      ids.add((await createJob(server, cookie, `bulk ${i % 50}`)).$id);
    let finished = 0;
    await stream.next(
      (event) => ids.has(event.$id) && event.status === 'succeeded' && ++finished === ids.size,
    );
    const seconds = (performance.now() - started) / 1000;
    await stream.close();
    return `${THROUGHPUT_JOBS} demo image jobs through one worker (SQLite): ${(THROUGHPUT_JOBS / seconds).toFixed(0)} jobs/s (${seconds.toFixed(1)} s)`;
  } finally {
    await server.stop();
  }
}

/** Time from sending POST /api/generations to each subscriber receiving the job's first event. */
async function delivery() {
  const server = await startServer({ env: JOB_ENV });
  try {
    const cookie = await signIn(server.url);
    const streams = await Promise.all(
      Array.from({ length: SUBSCRIBERS }, () => openEventStream(server.url, cookie)),
    );
    const delays = [];
    for (let i = 0; i < DELIVERY_JOBS; i += 1) {
      const sent = performance.now();
      const creating = createJob(server, cookie, `fan-out ${i}`);
      const job = await creating;
      const arrivals = await Promise.all(
        streams.map((s) => s.next((event) => event.$id === job.$id).then(() => performance.now())),
      );
      for (const at of arrivals) delays.push(at - sent);
      await Promise.all(
        streams.map((s) => s.next((event) => event.$id === job.$id && event.status === 'succeeded')),
      );
    }
    await Promise.all(streams.map((s) => s.close()));
    return `event delivery to ${SUBSCRIBERS} subscribers (request sent -> event received, ${DELIVERY_JOBS} jobs): p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms (target p99 <= 50 ms)`;
  } finally {
    await server.stop();
  }
}

/** @public Read by bench/run.mjs. */
export async function run() {
  const lines = [
    `enqueue-to-start on SQLite (${LATENCY_JOBS} jobs): ${await enqueueToStart({})} (target p99 <= 20 ms)`,
  ];
  const database = await scratchDatabase(`baegen_bench_${process.pid}_${Date.now()}`);
  if (database) {
    try {
      lines.push(
        `enqueue-to-start on PostgreSQL, graphile-worker (${LATENCY_JOBS} jobs): ${await enqueueToStart({ DATABASE_URL: database.url })} (target p99 <= 100 ms)`,
      );
    } finally {
      await database.drop();
    }
  } else {
    lines.push(`enqueue-to-start on PostgreSQL: skipped, no server at ${ADMIN_URL}`);
  }
  lines.push(await throughput());
  lines.push(await delivery());
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await run()) console.log(line);
}

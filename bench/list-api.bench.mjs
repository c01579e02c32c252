// List endpoints against their ceiling: GET /api/media and /api/characters (100 documents, signed
// in, 50 connections) on the built server, beside a bare Fastify server sending the very same
// bytes, in the same run with the same client. SQLite, and PostgreSQL when it is reachable.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onScratchPostgres } from './scratch-database.mjs';
import { REPO_ROOT, freePortUrl, loadTest, median, signIn, startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name =
  'list API throughput (targets: >= 50 % of bare Fastify; p99 <= 15 ms on SQLite, <= 20 ms on PostgreSQL)';

const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 9);
const ROUNDS = 3;
const CONNECTIONS = 50;
const ENV = { AUTH_RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'info' };
const LISTS = ['/api/media?limit=100', '/api/characters?limit=100'];
// Issue 28's targets for the first list of 100 media, and the figures it was filed with.
const TARGETS = {
  SQLite: { p99: 15, share: 50, before: 'p99 23 ms, 76 % of the ceiling' },
  PostgreSQL: { p99: 20, share: 50, before: '29 % of the ceiling' },
};
const LISTS_AT_SCALE = ['/api/media?limit=100', '/api/media?limit=100&type=video'];

/** A bare Fastify process answering every GET with `body`: the ceiling of a JSON endpoint here. */
async function startBare(body) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-bare-')), 'body.json');
  fs.writeFileSync(file, body);
  const { url, port } = await freePortUrl();
  const script = `
    import fs from 'node:fs';
    import Fastify from 'fastify';
    const body = fs.readFileSync(${JSON.stringify(file)});
    const app = Fastify();
    app.get('/*', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
    await app.listen({ host: '127.0.0.1', port: ${port} });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

async function seed(url, cookie, mediaCount) {
  const post = async (route, body) => {
    const res = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`seeding ${route} failed: ${await res.text()}`);
    return res.json();
  };
  const characters = [];
  for (let i = 0; i < 100; i += 1) {
    characters.push(
      await post('/api/characters', {
        name: `Bench ${i}`,
        appearance: 'short black hair, red scarf',
        description: 'A cartographer of quiet harbours. '.repeat(5),
      }),
    );
  }
  // Twenty at a time: 10,000 records one by one would take most of the bench's time.
  for (let start = 0; start < mediaCount; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, mediaCount - start) }, (_, offset) => {
        const i = start + offset;
        return post('/api/media', {
          characterId: characters[i % 10].$id,
          type: i % 5 === 0 ? 'video' : 'image',
          prompt: `A walk along the harbour at dusk, picture ${i}, soft light and long shadows`,
          url: `https://images.example.com/bench/${i}.png`,
          thumbnail: `https://images.example.com/bench/${i}-thumb.png`,
        });
      }),
    );
  }
}

async function measure(label, env, { mediaCount = 100, lists = LISTS } = {}) {
  const target = label.startsWith('PostgreSQL') ? TARGETS.PostgreSQL : TARGETS.SQLite;
  const server = await startServer({ env: { ...ENV, ...env } });
  const lines = [label];
  try {
    const cookie = await signIn(server.url);
    await seed(server.url, cookie, mediaCount);
    for (const list of lists) {
      const body = Buffer.from(
        await (await fetch(`${server.url}${list}`, { headers: { cookie } })).arrayBuffer(),
      );
      const bare = await startBare(body);
      try {
        // Rounds alternate between the two servers so a noisy moment of the machine hits both.
        const options = { connections: CONNECTIONS, seconds: SECONDS / ROUNDS };
        await loadTest([server.url], list, cookie, { connections: CONNECTIONS, seconds: 1 });
        const ours = [];
        const ceiling = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          ours.push(await loadTest([server.url], list, cookie, options));
          ceiling.push(await loadTest([bare.url], list, '', options));
        }
        const rps = (runs) => median(runs.map((run) => run.rps));
        const p99 = (runs) => median(runs.map((run) => run.p99));
        const share = (100 * rps(ours)) / rps(ceiling);
        const errors = ours.reduce((sum, run) => sum + run.errors, 0);
        lines.push(
          `${list} (${(body.length / 1000).toFixed(1)} kB): ${rps(ours).toFixed(0)} req/s, p99 ${p99(ours).toFixed(1)} ms` +
            ` | bare Fastify ${rps(ceiling).toFixed(0)} req/s, p99 ${p99(ceiling).toFixed(1)} ms` +
            ` | ${share.toFixed(0)} % of the ceiling -> ${share >= target.share ? 'met' : 'not met'};` +
            ` p99 <= ${target.p99} ms ${p99(ours) <= target.p99 ? 'met' : 'not met'}` +
            (mediaCount === 100 && list === LISTS[0] ? ` (before: ${target.before})` : '') +
            (errors ? ` (${errors} errors)` : ''),
        );
      } finally {
        bare.stop();
      }
    }
  } finally {
    await server.stop();
  }
  return lines;
}

/** @public Read by bench/run.mjs. */
export async function run() {
  const lines = [
    `${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS / ROUNDS} s per server (medians), client and servers on the same ${os.cpus().length} cores, LOG_LEVEL=info`,
    ...(await measure('SQLite:', {})),
    // The gallery at scale: 10,000 records, the first page and the video tab, served from the list
    // cache, then with the cache too small to hold a page, so every request runs its queries.
    ...(await measure('SQLite, 10,000 media:', {}, { mediaCount: 10_000, lists: LISTS_AT_SCALE })),
    ...(await measure(
      'SQLite, 10,000 media, list cache off:',
      { LIST_CACHE_MB: '0.001' },
      { mediaCount: 10_000, lists: LISTS_AT_SCALE },
    )),
  ];
  return [...lines, ...(await onScratchPostgres(`bench_lists_${process.pid}`, measure))];
}

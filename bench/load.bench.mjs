// A load run: many signed-in clients for a fixed time on a mixed workload against the built server
// (list, get, create, delete, generate on the demo providers). Prints errors and latency.
import { fileURLToPath } from 'node:url';
import { signIn, startServer } from './support.mjs';
import { percentile } from './streams.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'load';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);

const LIMITS = {
  AUTH_RATE_LIMIT_MAX: '100000',
  GENERATION_RATE_LIMIT_MAX: '100000',
  UPLOAD_RATE_LIMIT_MAX: '100000',
  GENERATION_MAX_ACTIVE: '1000',
  DEMO_DELAY_MS: '0',
  LOG_LEVEL: 'error',
};

/** One client's loop: each turn picks an operation by weight and records its status and time. */
async function client(url, cookie, index, deadline, record) {
  const mine = [];
  const call = async (kind, method, path, body) => {
    const started = performance.now();
    let status = 0;
    let json = null;
    try {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      status = res.status;
      json = res.status === 204 ? null : await res.json();
    } catch {
      status = 0;
    }
    record(kind, status, performance.now() - started);
    return json;
  };
  let turn = 0;
  while (performance.now() < deadline) {
    turn += 1;
    const pick = (index + turn) % 10;
    if (pick < 4) await call('list', 'GET', pick % 2 ? '/api/characters' : '/api/media');
    else if (pick < 6 && mine.length > 0)
      await call('get', 'GET', `/api/characters/${mine[turn % mine.length]}`);
    else if (pick < 8) {
      const created = await call('create', 'POST', '/api/characters', {
        name: `Load ${index}-${turn}`,
        appearance: 'silver hair, green coat',
      });
      if (created?.$id) mine.push(created.$id);
    } else if (pick < 9 && mine.length > 1) await call('delete', 'DELETE', `/api/characters/${mine.shift()}`);
    else await call('generate', 'POST', '/api/generations', { kind: 'image', prompt: `load ${turn % 20}` });
  }
}

/** @public Read by bench/run.mjs. */
export async function run() {
  const server = await startServer({ env: LIMITS });
  try {
    const cookies = [];
    for (let i = 0; i < CLIENTS; i += 1) cookies.push(await signIn(server.url));
    const times = [];
    const errors = new Map();
    const byKind = new Map();
    const record = (kind, status, ms) => {
      times.push(ms);
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      if (status < 200 || status >= 300)
        errors.set(`${kind} ${status}`, (errors.get(`${kind} ${status}`) ?? 0) + 1);
    };
    const deadline = performance.now() + SECONDS * 1000;
    await Promise.all(cookies.map((cookie, index) => client(server.url, cookie, index, deadline, record)));
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    const mix = [...byKind].map(([kind, count]) => `${kind} ${count}`).join(', ');
    return [
      `${CLIENTS} signed-in clients for ${SECONDS} s on SQLite: ${times.length} requests (${(times.length / SECONDS).toFixed(0)}/s; ${mix})`,
      `errors: ${errorCount} (target 0)${errorCount ? ` — ${[...errors].map(([k, v]) => `${k}: ${v}`).join(', ')}` : ''}`,
      `latency p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
    ];
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await run()) console.log(line);
}

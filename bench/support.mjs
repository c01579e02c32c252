// Helpers shared by the benchmark modules: the built server as a child process, sign-in, figures.
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { freePort } from '../scripts/test-support.mjs';
import { percentile } from './streams.mjs';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
// BENCH_SERVER_ENTRY points a bench at another build (an older one kept aside), to compare the two
// alternately in one session on a machine whose load changes from minute to minute.
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY
  ? path.resolve(process.env.BENCH_SERVER_ENTRY)
  : path.join(REPO_ROOT, 'apps/server/dist/server.js');
export function assertBuilt() {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(`${path.relative(REPO_ROOT, SERVER_ENTRY)} is missing: run npm run build first`);
  }
}

/**
 * Starts the built server on a free port with a fresh temporary DATA_DIR. Resolves once
 * /api/health answers 200, with the milliseconds that took since the spawn and the process id.
 */
export async function startServer({ timeoutMs = 30_000, env = {} } = {}) {
  assertBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      // Production as deployed, measured with the offline demo providers on purpose.
      NODE_ENV: 'production',
      DEMO_PROVIDERS: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}: ${stderr.trim()}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200)
        return { url, dataDir, pid: child.pid, readyMs: performance.now() - started, stop };
    } catch {
      // Not listening yet: poll again.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await stop();
  throw new Error(`no 200 from /api/health within ${timeoutMs} ms`);
}

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB (${(bytes / 1024).toFixed(1)} KiB)`;

/** Signs in through the real nonce and login endpoints; answers the Cookie header. */
export async function signIn(url) {
  const keys = nacl.sign.keyPair();
  const address = bs58.encode(keys.publicKey);
  const post = (route, body) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { message } = await (await post('/api/auth/nonce', { address })).json();
  const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), keys.secretKey));
  const login = await post('/api/auth/login', { address, message, signature });
  if (!login.ok) throw new Error(`login failed: ${await login.text()}`);
  return login.headers.get('set-cookie').split(';')[0];
}

/** A free local port and its http URL, for a helper server of a bench. */
export async function freePortUrl() {
  const port = await freePort();
  return { port, url: `http://127.0.0.1:${port}` };
}

/**
 * `connections` clients asking for `path` in turn on `urls` (round robin) for `seconds`, over
 * keep-alive sockets (node:http costs the client less than fetch, so the ceiling measured is the
 * server's more than the client's): requests per second, p99 latency in ms and the count of
 * answers other than 200.
 */
export async function loadTest(urls, path, cookie, { connections, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const headers = cookie ? { cookie } : {};
  const get = (url) =>
    new Promise((resolve, reject) => {
      const request = http.get(`${url}${path}`, { agent, headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode));
      });
      request.on('error', reject);
    });
  const times = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  let turn = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const status = await get(urls[turn++ % urls.length]);
      if (status !== 200) errors += 1;
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return { rps: times.length / seconds, p99: percentile(times, 99), errors };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Every script a fresh page of `browser` loads for `url`, with its size raw and gzip-compressed. */
export async function scriptsLoadedBy(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const scripts = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'script' || type.includes('javascript')) {
      scripts.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body).length,
        })),
      );
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = await Promise.all(scripts);
  await page.close();
  return files;
}

import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { freePort } from '../../../../scripts/test-support.mjs';
import { createTestWallet } from './test-app';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A real server process (the source through tsx) on a free port, with its JSON log lines kept. */
export interface ServerProcess {
  base: string;
  /** The pino lines it has written so far. */
  logs: Record<string, unknown>[];
  /** SIGTERM, then the exit code once it is gone. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or an OOM kill would end it: nothing runs after. */
  kill(): Promise<void>;
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`server at ${base} not healthy after ${timeoutMs} ms`);
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    base,
    logs,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Signs a new wallet in at `base` through the real nonce and login endpoints; answers the cookie. */
export async function signInOverHttp(base: string): Promise<string> {
  const wallet = createTestWallet();
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { message } = (await (await post('/api/auth/nonce', { address: wallet.address })).json()) as {
    message: string;
  };
  const login = await post('/api/auth/login', {
    address: wallet.address,
    message,
    signature: wallet.sign(message),
  });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

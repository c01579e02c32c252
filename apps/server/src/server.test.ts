import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/test-support.mjs';

const serverDir = path.resolve(import.meta.dirname, '..');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve({ code: child.exitCode, signal: null });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

describe('server process', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;

  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`shuts down on ${signal} with exit code 0 and a cleanly closed SQLite file`, async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-shutdown-'));
      const port = await freePort();
      let stderr = '';
      child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          DEV_WALLET: 'false',
          WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

      // Starting means compiling the server's TypeScript through tsx, which on a busy machine takes far
      // longer than the shutdown this test is about: the wait is generous, the checks are not.
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, 90_000);
      const dbFile = path.join(dataDir, 'baegen.db');
      expect(fs.existsSync(`${dbFile}-wal`)).toBe(true);

      child.kill(signal);
      const exit = await exitOf(child);
      expect({ ...exit, stderr: stderr.includes('error during shutdown') }).toEqual({
        code: 0,
        signal: null,
        stderr: false,
      });
      // The last connection to close checkpoints the WAL into the main file and removes it.
      expect(fs.existsSync(`${dbFile}-wal`)).toBe(false);
      const reopened = new SQLite(dbFile, { readonly: true });
      try {
        expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
        const tables = reopened
          .prepare("select name from sqlite_master where type = 'table' and name = 'users'")
          .all();
        expect(tables).toHaveLength(1);
      } finally {
        reopened.close();
      }
    }, 120_000);
  }
});

import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** A port nobody is listening on; fixed for the run so every worker talks to the same server. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `baegen-e2e-${process.pid}-${Date.now()}`);
// A second server with DEV_WALLET=false, for the specs that need a browser with no wallet at all.
process.env.E2E_NO_DEV_WALLET_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const noDevWalletPort = Number(process.env.E2E_NO_DEV_WALLET_PORT);
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The built server on `serverPort` with its own temporary DATA_DIR; `env` adds settings. */
function server(serverPort: number, dataDir: string, env: Record<string, string>) {
  return {
    command: 'node apps/server/dist/server.js',
    cwd: repoRoot,
    url: `http://localhost:${serverPort}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      ...env,
    },
  };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    server(port, process.env.E2E_DATA_DIR, {}),
    server(noDevWalletPort, `${process.env.E2E_DATA_DIR}-no-dev-wallet`, { DEV_WALLET: 'false' }),
  ],
});

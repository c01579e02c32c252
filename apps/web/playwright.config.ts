import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from '../../scripts/test-support.mjs';

// Chosen once, in the environment, so every worker talks to the same servers.
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
      // The production build as users get it, with the offline demo providers on purpose.
      NODE_ENV: 'production',
      DEMO_PROVIDERS: 'true',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      ...env,
    },
  };
}

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
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    // Generation takes 3 s, as a real provider would, so a running job can be watched and cancelled;
    // a chat reply comes a word every 150 ms, so it can be watched, stopped and reloaded mid-way.
    server(port, process.env.E2E_DATA_DIR, { DEMO_DELAY_MS: '3000', CHAT_DEMO_DELAY_MS: '150' }),
    server(noDevWalletPort, `${process.env.E2E_DATA_DIR}-no-dev-wallet`, { DEV_WALLET: 'false' }),
  ],
});

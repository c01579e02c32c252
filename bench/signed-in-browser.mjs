// A Chromium signed in to the product, for tools (Lighthouse) that drive a browser through its
// DevTools port. The app reads its signed-in state from localStorage (auth-storage) as well as the
// session cookie, so both are put into the browser's profile before the tool connects. The tool
// keeps that storage, and with it the HTTP cache: `clearCache` empties the cache alone, so that
// each run loads the page as a first visit does.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from '../scripts/test-support.mjs';

/** Posts `body` as the user of `cookie`; answers the created record. */
export async function postAs(url, cookie, route, body) {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * Playwright attached to the browser on `port`. Attaching can take long on a busy machine, and an
 * attempt now and then never completes (seen while other test suites ran): a fresh attempt does.
 */
async function attach(port) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await chromium.connectOverCDP(`http://127.0.0.1:${port}`, { timeout: 40_000 });
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Chromium with a DevTools port, signed in at `url` as the user of `cookie`. */
export async function signedInBrowser(url, cookie) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-profile-'));
  // Written into the profile by a first browser, which saves both to disk as it closes.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const separator = cookie.indexOf('=');
  await context.addCookies([
    {
      name: cookie.slice(0, separator),
      value: cookie.slice(separator + 1),
      url,
      expires: Math.floor(Date.now() / 1000) + 3600,
    },
  ]);
  const session = await (await fetch(`${url}/api/auth/session`, { headers: { cookie } })).json();
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${url}/`);
  await page.evaluate(
    (state) => localStorage.setItem('auth-storage', JSON.stringify({ state, version: 0 })),
    { isAuthenticated: true, userId: session.userId, walletAddress: session.walletAddress },
  );
  await context.close();

  // The browser the tool drives: the same profile, its DevTools on a port of its own.
  const port = await freePort();
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, '--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    port,
    clearCache: async () => {
      const browser = await attach(port);
      try {
        const [context] = browser.contexts();
        const page = context.pages()[0] ?? (await context.newPage());
        const session = await context.newCDPSession(page);
        await session.send('Network.clearBrowserCache');
        await session.detach();
      } finally {
        // Connected over CDP, close() only disconnects; the browser stays for the tool.
        await browser.close();
      }
    },
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

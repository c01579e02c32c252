// Largest Contentful Paint of / and /login on a throttled phone, measured in Chromium: CPU slowed
// 4x and the network held to slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) through the DevTools
// protocol, as Lighthouse's mobile preset does; LCP read from a PerformanceObserver.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/test-support.mjs';
import { REPO_ROOT, startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'LCP on a throttled phone (/, /login)';

const TARGET_MS = 2500;
const RUNS = 3;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

// The buffered entries the page recorded; resolves null when Chromium reported none.
function readLcp() {
  return new Promise((resolve) => {
    let last = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve(last), 500);
  });
}

async function measure(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'networkidle' });
    return await page.evaluate(readLcp);
  } finally {
    await context.close();
  }
}

/** A copy of the web build without its route preload table: the pages as they were before it. */
function buildWithoutPreloads() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-dist-'));
  fs.cpSync(path.join(REPO_ROOT, 'apps/web/dist'), dir, { recursive: true });
  fs.rmSync(path.join(dir, 'route-preloads.json'), { force: true });
  return dir;
}

async function medianLcp(browser, url) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await measure(browser, url));
  return { median: [...runs].sort((a, b) => a - b)[Math.floor(RUNS / 2)], runs };
}

/** @public Read by bench/run.mjs. */
export async function run() {
  const bareDist = buildWithoutPreloads();
  const server = await startServer();
  const baseline = await startServer({ env: { WEB_DIST_DIR: bareDist } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const lines = [];
    for (const route of ['/', '/login']) {
      // Alternating servers, so a noisy moment of the machine hits both.
      const ours = await medianLcp(browser, `${server.url}${route}`);
      const before = await medianLcp(browser, `${baseline.url}${route}`);
      lines.push(
        `${route}: LCP median ${Math.round(ours.median)} ms of ${ours.runs.map(Math.round).join(', ')} ms -> ` +
          `${ours.median <= TARGET_MS ? 'met' : 'NOT met'} (target <= ${TARGET_MS} ms)` +
          ` | without route preloads ${Math.round(before.median)} ms`,
      );
    }
    return lines;
  } finally {
    await browser.close();
    await Promise.all([server.stop(), baseline.stop()]);
    fs.rmSync(bareDist, { recursive: true, force: true });
  }
}

// Largest Contentful Paint of / and /login on a throttled phone, measured in Chromium: CPU slowed
// 4x and the network held to slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) through the DevTools
// protocol, as Lighthouse's mobile preset does; LCP read from a PerformanceObserver.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/test-support.mjs';
import { startServer } from './support.mjs';

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

export async function run() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const lines = [];
    for (const path of ['/', '/login']) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measure(browser, `${server.url}${path}`));
      const median = [...runs].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
      lines.push(
        `${path}: LCP median ${Math.round(median)} ms of ${runs.map(Math.round).join(', ')} ms -> ` +
          `${median <= TARGET_MS ? 'met' : 'NOT met'} (target <= ${TARGET_MS} ms)`,
      );
    }
    return lines;
  } finally {
    await browser.close();
    await server.stop();
  }
}

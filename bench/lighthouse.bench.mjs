// Lighthouse (mobile preset, simulated throttling) on / and /login of the production build:
// performance and accessibility scores and LCP, the median of three runs. Lighthouse is not a
// dependency of the project (it brings a browser driver of its own): it is fetched by npx on first
// use, and this module reports itself skipped when that cannot be done.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from '../scripts/test-support.mjs';
import { median, startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'Lighthouse mobile on / and /login (targets: performance >= 95, LCP <= 2.5 s)';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = 3;
// The figures issue 15 started from, measured the same way.
const BEFORE = { '/': 'performance 94', '/login': 'performance 72, LCP 5.9 s' };

function audit(url, out) {
  const run = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: 'ignore', timeout: 180_000 },
  );
  // Lighthouse may exit non-zero while closing Chromium after writing a complete report.
  if (run.error || !fs.existsSync(out)) return null;
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    lcp: report.audits['largest-contentful-paint'].numericValue,
  };
}

/** @public Read by bench/run.mjs. */
export async function run() {
  const server = await startServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-lighthouse-'));
  try {
    const lines = [];
    for (const route of ['/', '/login']) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const result = audit(`${server.url}${route}`, path.join(dir, `run-${runs.length}.json`));
        if (!result) return [`skipped: ${LIGHTHOUSE} could not be fetched or run here`];
        runs.push(result);
      }
      const performance = median(runs.map((r) => r.performance));
      const lcp = median(runs.map((r) => r.lcp));
      lines.push(
        `${route}: performance ${performance}, accessibility ${median(runs.map((r) => r.accessibility))}, ` +
          `LCP ${(lcp / 1000).toFixed(2)} s (runs: ${runs.map((r) => `${r.performance}/${(r.lcp / 1000).toFixed(2)} s`).join(', ')})` +
          ` -> ${performance >= 95 && lcp <= 2500 ? 'met' : 'NOT met'} | before: ${BEFORE[route]}`,
      );
    }
    return lines;
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

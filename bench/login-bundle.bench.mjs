// JavaScript the /login page loads, gzip-compressed, and the wallet part of it: the lazily loaded
// wallet chunks (runtime, Development Wallet, Mobile Wallet Adapter when it applies).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/test-support.mjs';
import { kb, startServer } from './support.mjs';

export const name = '/login JavaScript and its wallet part (gzip)';

const WALLET_TARGET_BYTES = 40 * 1000;
// The wallet-adapter + web3.js v1 runtime chunk /login loaded before the Wallet Standard rewrite.
const WALLET_BASELINE_BYTES = 131 * 1000;
const WALLET_CHUNK = /\/(wallet-runtime|dev-wallet|mobile-wallet)-[\w-]+\.js$/;

async function scriptsOf(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const scripts = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'script' || type.includes('javascript')) {
      scripts.push(
        response
          .body()
          .then((body) => ({ path: new URL(response.url()).pathname, gzip: gzipSync(body).length })),
      );
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = await Promise.all(scripts);
  await page.close();
  return files;
}

export async function run() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const login = await scriptsOf(browser, `${server.url}/login`);
    const total = login.reduce((sum, file) => sum + file.gzip, 0);
    const wallet = login.filter((file) => WALLET_CHUNK.test(file.path));
    const walletTotal = wallet.reduce((sum, file) => sum + file.gzip, 0);
    return [
      `total: ${kb(total)} gzip in ${login.length} file(s)`,
      ...login
        .sort((a, b) => b.gzip - a.gzip)
        .map((file) => `  ${file.path}: ${kb(file.gzip)}${wallet.includes(file) ? ' (wallet)' : ''}`),
      `wallet part: ${kb(walletTotal)} gzip (before: ${kb(WALLET_BASELINE_BYTES)} runtime chunk)`,
      `target: wallet <= ${kb(WALLET_TARGET_BYTES)} -> ${walletTotal <= WALLET_TARGET_BYTES ? 'met' : 'NOT met'}`,
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

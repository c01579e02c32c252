// JavaScript the /login page loads, gzip-compressed, and the wallet part of it: the lazily loaded
// wallet chunks (runtime, Development Wallet, Mobile Wallet Adapter when it applies).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/test-support.mjs';
import { kb, scriptsLoadedBy, startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = '/login JavaScript and its wallet part (gzip)';

const WALLET_TARGET_BYTES = 40 * 1000;
// Issue 28: all the scripts /login loads, and what they weighed when it was filed.
const TOTAL_TARGET_BYTES = 110 * 1000;
const TOTAL_BEFORE_BYTES = 133 * 1000;
// The wallet-adapter + web3.js v1 runtime chunk /login loaded before the Wallet Standard rewrite.
const WALLET_BASELINE_BYTES = 131 * 1000;
const WALLET_CHUNK = /\/(wallet-runtime|dev-wallet|mobile-wallet)-[\w-]+\.js$/;

/** @public Read by bench/run.mjs. */
export async function run() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const login = await scriptsLoadedBy(browser, `${server.url}/login`);
    const total = login.reduce((sum, file) => sum + file.gzip, 0);
    const wallet = login.filter((file) => WALLET_CHUNK.test(file.path));
    const walletTotal = wallet.reduce((sum, file) => sum + file.gzip, 0);
    return [
      `total: ${kb(total)} gzip in ${login.length} file(s) (target <= ${kb(TOTAL_TARGET_BYTES)},` +
        ` before ${kb(TOTAL_BEFORE_BYTES)}) -> ${total <= TOTAL_TARGET_BYTES ? 'met' : 'NOT met'}`,
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

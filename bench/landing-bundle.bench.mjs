// First-load JavaScript of the landing page, gzip-compressed, as a browser downloads it.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/test-support.mjs';
import { kb, scriptsLoadedBy, startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'Landing page first-load JavaScript (gzip)';

const TARGET_BYTES = 90 * 1000;

/** @public Read by bench/run.mjs. */
export async function run() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const files = await scriptsLoadedBy(browser, `${server.url}/`);
    const total = files.reduce((sum, file) => sum + file.gzip, 0);
    const raw = files.reduce((sum, file) => sum + file.raw, 0);
    return [
      `total: ${kb(total)} gzip in ${files.length} file(s), ${kb(raw)} uncompressed`,
      ...files.sort((a, b) => b.gzip - a.gzip).map((file) => `  ${file.path}: ${kb(file.gzip)}`),
      `target: <= ${kb(TARGET_BYTES)} -> ${total <= TARGET_BYTES ? 'met' : 'NOT met'}`,
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

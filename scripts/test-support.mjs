// Shared by the Playwright config, the benchmarks and the server's process tests. Plain ESM with
// a declaration file beside it, so each of them imports it without a build step.
import net from 'node:net';

/** Debian's chromium unless CHROMIUM_PATH names another binary; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium in a container: no sandbox or GPU, and none of its own network traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A port on 127.0.0.1 that nothing listens on at the moment of asking. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

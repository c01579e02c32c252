// Starts the built server on a free port with a temporary DATA_DIR and signs in a fresh wallet.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import bs58 from 'bs58';
import nacl from 'tweetnacl';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startServer(extraEnv = {}, nodeArgs = []) {
  if (!fs.existsSync(serverEntry)) throw new Error('Build the server first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (attempt > 100) throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the real nonce and login endpoints; answers the Cookie header. */
export async function signIn(base) {
  const keys = nacl.sign.keyPair();
  const address = bs58.encode(keys.publicKey);
  const post = (url, body) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { message } = await (await post('/api/auth/nonce', { address })).json();
  const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), keys.secretKey));
  const login = await post('/api/auth/login', { address, message, signature });
  if (!login.ok) throw new Error(`login failed: ${await login.text()}`);
  return login.headers.get('set-cookie').split(';')[0];
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

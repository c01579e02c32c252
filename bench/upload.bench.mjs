// Upload throughput of a 100 MB file in 5 MB chunks, against a plain file copy on the same disk.
// Two floors without any disk work (the same chunks sent to a bare node:http server that drops
// them, or only hashes them) show what the loopback transfer and the sha256 cost on their own.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { median, signIn, startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'upload';

const SIZE = 100 * 1024 * 1024;
const CHUNK = 5 * 1024 * 1024;
// The disk and the 2-core VMs we measure on are noisy; more runs steady the medians.
const RUNS = 9;

/** 100 MB that sniff as MP4 (an ftyp box, then noise), so the 200 MB video cap applies. */
export function makeVideoLike() {
  const data = randomBytes(SIZE);
  Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom')]).copy(data, 0);
  return data;
}

const agent = new http.Agent({ keepAlive: true });

/** One POST over a kept-alive connection, as a browser's upload loop would send it. */
function post(url, payload, headers) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': payload.length } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Sends a file chunk by chunk, one request at a time. The client reads the next chunk from disk
 * while the current one is in flight, as a browser's upload does, so the figure is the server's
 * time rather than the client's reads.
 */
export async function uploadFile(url, cookie, file) {
  const handle = await fsp.open(file, 'r');
  const readChunk = async (start) => {
    const chunk = Buffer.allocUnsafe(Math.min(start + CHUNK, SIZE) - start);
    await handle.read(chunk, 0, chunk.length, start);
    return chunk;
  };
  let id;
  let next = readChunk(0);
  try {
    for (let start = 0; start < SIZE; start += CHUNK) {
      const end = Math.min(start + CHUNK, SIZE) - 1;
      const chunk = await next;
      if (end < SIZE - 1) next = readChunk(end + 1);
      const { status, body } = await post(url, chunk, {
        cookie,
        'content-type': 'application/octet-stream',
        'content-range': `bytes ${start}-${end}/${SIZE}`,
        ...(id ? { 'x-file-id': id } : {}),
      });
      if (status >= 300) throw new Error(`chunk at ${start} failed: ${JSON.stringify(body)}`);
      id = body.$id;
      if (end === SIZE - 1) return body;
    }
  } finally {
    await next.catch(() => undefined);
    await handle.close();
  }
}

/** Asks for the file record until its sha256 is there; answers it with the ms that took. */
async function awaitSha256(baseUrl, cookie, id) {
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${baseUrl}/api/files/${id}`, { headers: { cookie } });
    const file = await res.json();
    if (file.sha256) return { sha256: file.sha256, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A bare HTTP server in its own process that reads each body and drops it, or only hashes it. */
const FLOOR_SERVER = `
const http = require('node:http');
const { createHash } = require('node:crypto');
let hash = createHash('sha256');
const server = http.createServer(async (req, res) => {
  const hashing = req.url.startsWith('/hash');
  for await (const piece of req) if (hashing) hash.update(piece);
  const [, end, total] = /bytes \\d+-(\\d+)\\/(\\d+)/.exec(req.headers['content-range']).map(Number);
  if (end === total - 1 && hashing) hash = createHash('sha256');
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ $id: 'floor' }));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function startFloorServer() {
  const child = spawn(process.execPath, ['-e', FLOOR_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * The baselines: the same bytes copied to another file on the same disk and flushed, as the
 * upload is. `kernel` is copyFile (copy_file_range, what cp does); `streamed` reads and writes
 * through user space, as any program that touches the bytes must.
 */
async function plainCopy(from, to, mode) {
  if (mode === 'kernel') {
    await fsp.copyFile(from, to);
  } else {
    await pipeline(fs.createReadStream(from, { highWaterMark: 1024 * 1024 }), fs.createWriteStream(to));
  }
  const handle = await fsp.open(to, 'r+');
  await handle.sync();
  await handle.close();
  await fsp.rm(to);
}

/** @public Read by bench/run.mjs. */
export async function run() {
  const server = await startServer();
  const source = path.join(server.dataDir, 'bench-source.bin');
  try {
    const data = makeVideoLike();
    fs.writeFileSync(source, data);
    const sha = createHash('sha256').update(data).digest('hex');
    const cookie = await signIn(server.url);

    const uploads = [];
    const hashDelays = [];
    const copies = [];
    const streamed = [];
    // Run -1 is a warm-up, as for a server that has been up a while: the hashing worker starts and
    // the code paths get compiled. It is checked but not counted.
    for (let i = -1; i < RUNS; i += 1) {
      const record = (list, ms) => i >= 0 && list.push(ms);
      let started = performance.now();
      const file = await uploadFile(`${server.url}/api/files?name=bench.mp4`, cookie, source);
      record(uploads, performance.now() - started);
      if (file.status !== 'ready') throw new Error(`upload did not complete: ${JSON.stringify(file)}`);
      // Outside the timed part, and before the next measurement, so the hashing disturbs none.
      const recorded = await awaitSha256(server.url, cookie, file.$id);
      if (recorded.sha256 !== sha) throw new Error('upload was not reassembled byte for byte');
      record(hashDelays, recorded.ms);
      await fetch(`${server.url}/api/files/${file.$id}`, { method: 'DELETE', headers: { cookie } });

      started = performance.now();
      await plainCopy(source, path.join(server.dataDir, 'bench-copy.bin'), 'kernel');
      record(copies, performance.now() - started);

      started = performance.now();
      await plainCopy(source, path.join(server.dataDir, 'bench-copy.bin'), 'streamed');
      record(streamed, performance.now() - started);
    }
    const floor = await startFloorServer();
    const transfers = [];
    const hashedTransfers = [];
    try {
      for (let i = -1; i < RUNS; i += 1) {
        const record = (list, ms) => i >= 0 && list.push(ms);
        let started = performance.now();
        await uploadFile(`${floor.url}/drop`, cookie, source);
        record(transfers, performance.now() - started);
        started = performance.now();
        await uploadFile(`${floor.url}/hash`, cookie, source);
        record(hashedTransfers, performance.now() - started);
      }
    } finally {
      floor.stop();
    }

    const mbps = (ms) => (SIZE / (1024 * 1024) / (ms / 1000)).toFixed(0);
    const upload = median(uploads);
    const hashStarted = performance.now();
    createHash('sha256').update(data).digest();
    const hashing = performance.now() - hashStarted;
    const copy = median(copies);
    const stream = median(streamed);
    const transfer = median(transfers);
    const hashedTransfer = median(hashedTransfers);
    const share = (baseline) => `${((baseline / upload) * 100).toFixed(0)}%`;
    const line = (label, ms) => `${label}: median ${ms.toFixed(0)} ms (${mbps(ms)} MB/s)`;
    const runs = (values) => `   runs: ${values.map((ms) => ms.toFixed(0)).join(', ')} ms`;
    return [
      line('upload: 100 MB over HTTP (loopback) in 5 MB chunks, sniffed, written, fsync + rename', upload),
      runs(uploads),
      `sha256 of the upload recorded ${median(hashDelays).toFixed(0)} ms (median) after the last chunk's answer, off the event loop`,
      line(
        'baseline A, copyFile: kernel copy on the same disk (no bytes through user space, no hash) + fsync',
        copy,
      ),
      runs(copies),
      line(
        'baseline B, streamed copy: read + write through user space, 1 MB buffers, no hash, same disk + fsync',
        stream,
      ),
      `upload throughput = ${share(copy)} of baseline A (target >= 50%), ${share(stream)} of baseline B`,
      line('floor: the same chunks to a bare node:http server that drops them (no disk, no hash)', transfer),
      line(
        'floor: the same chunks to a bare node:http server that only sha256es them (no disk)',
        hashedTransfer,
      ),
      `for scale: sha256 of the same 100 MB alone takes ${hashing.toFixed(0)} ms on this machine`,
    ];
  } finally {
    agent.destroy();
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await run()) console.log(line);
}

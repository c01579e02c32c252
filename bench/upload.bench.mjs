// Upload throughput of a 100 MB file in 5 MB chunks, against a plain file copy on the same disk.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { median, signIn, startServer } from './support.mjs';

export const name = 'upload';

const SIZE = 100 * 1024 * 1024;
const CHUNK = 5 * 1024 * 1024;
const RUNS = 5;

/** 100 MB that sniff as MP4 (an ftyp box, then noise), so the 200 MB video cap applies. */
function makeVideoLike() {
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

async function uploadFile(base, cookie, file) {
  const handle = await fsp.open(file, 'r');
  let id;
  try {
    for (let start = 0; start < SIZE; start += CHUNK) {
      const end = Math.min(start + CHUNK, SIZE) - 1;
      const chunk = Buffer.alloc(end - start + 1);
      await handle.read(chunk, 0, chunk.length, start);
      const { status, body } = await post(`${base}/api/files?name=bench.mp4`, chunk, {
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
    await handle.close();
  }
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

export async function run() {
  const server = await startServer();
  const source = path.join(server.dataDir, 'bench-source.bin');
  try {
    const data = makeVideoLike();
    fs.writeFileSync(source, data);
    const sha = createHash('sha256').update(data).digest('hex');
    const cookie = await signIn(server.url);

    const uploads = [];
    const copies = [];
    const streamed = [];
    for (let i = 0; i < RUNS; i += 1) {
      let started = performance.now();
      const file = await uploadFile(server.url, cookie, source);
      uploads.push(performance.now() - started);
      if (file.sha256 !== sha || file.status !== 'ready')
        throw new Error('upload was not reassembled byte for byte');
      await fetch(`${server.url}/api/files/${file.$id}`, { method: 'DELETE', headers: { cookie } });

      started = performance.now();
      await plainCopy(source, path.join(server.dataDir, 'bench-copy.bin'), 'kernel');
      copies.push(performance.now() - started);

      started = performance.now();
      await plainCopy(source, path.join(server.dataDir, 'bench-copy.bin'), 'streamed');
      streamed.push(performance.now() - started);
    }
    const mbps = (ms) => (SIZE / (1024 * 1024) / (ms / 1000)).toFixed(0);
    const upload = median(uploads);
    const hashStarted = performance.now();
    createHash('sha256').update(data).digest();
    const hashing = performance.now() - hashStarted;
    const copy = median(copies);
    const stream = median(streamed);
    const share = (baseline) => `${((baseline / upload) * 100).toFixed(0)}%`;
    return [
      `upload 100 MB in 5 MB chunks (sha256 + durable): median ${upload.toFixed(0)} ms (${mbps(upload)} MB/s)`,
      `plain file copy (copyFile) + fsync, same disk: median ${copy.toFixed(0)} ms (${mbps(copy)} MB/s)`,
      `streamed file copy + fsync, same disk: median ${stream.toFixed(0)} ms (${mbps(stream)} MB/s)`,
      `upload throughput = ${share(copy)} of copyFile, ${share(stream)} of the streamed copy (target >= 50%)`,
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

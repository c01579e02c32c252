// Memory of the server while it streams a zip export of 1 GB of media (10 stored videos of 100 MB),
// against its memory at rest and while it streams one of those videos as a single download. The
// archive is never held whole: the peak should sit near the single download's, far below 1 GB.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeVideoLike, uploadFile } from './upload.bench.mjs';
import { signIn, startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'media export (zip of 10 x 100 MB videos)';

const FILES = 10;
const MB = 1024 * 1024;

/** A figure of /proc/<pid>/status in bytes: VmRSS now, VmHWM the peak since the last reset. */
function procStatus(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** Resets the process's peak RSS (VmHWM) to its current RSS, so the next peak is the next step's. */
const resetPeak = (pid) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function postJson(url, cookie, route, body) {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** Reads an answer to its end, counting its bytes without keeping them. */
async function drain(res) {
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return bytes;
}

/** Runs `step` with the server's peak RSS reset before it; answers the peak, the bytes and the ms. */
async function measured(pid, step) {
  resetPeak(pid);
  const started = performance.now();
  const bytes = await step();
  return { bytes, ms: performance.now() - started, peak: procStatus(pid, 'VmHWM') };
}

/** @public Read by bench/run.mjs. */
export async function run() {
  const server = await startServer();
  let fresh;
  const source = path.join(server.dataDir, 'bench-source.bin');
  try {
    fs.writeFileSync(source, makeVideoLike());
    const cookie = await signIn(server.url);
    const character = await (
      await postJson(server.url, cookie, '/api/characters', { name: 'Bench', appearance: 'silver hair' })
    ).json();
    const files = [];
    const ids = [];
    for (let i = 0; i < FILES; i += 1) {
      const file = await uploadFile(`${server.url}/api/files?name=clip-${i}.mp4`, cookie, source);
      files.push(file);
      const media = await postJson(server.url, cookie, '/api/media', {
        characterId: character.$id,
        type: 'video',
        prompt: `clip ${i}`,
        url: file.url,
      });
      ids.push((await media.json()).$id);
    }
    fs.rmSync(source);
    // The checksums are made after the uploads' answers: wait for them, so none runs while measured.
    for (const file of files) {
      for (;;) {
        const record = await (
          await fetch(`${server.url}/api/files/${file.$id}`, { headers: { cookie } })
        ).json();
        if (record.sha256) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    // A second server on the same data, fresh: the uploads' garbage is no part of its memory.
    fresh = await startServer({ env: { DATA_DIR: server.dataDir } });
    const { pid, url } = fresh;
    const rest = procStatus(pid, 'VmRSS');
    const single = await measured(pid, async () =>
      drain(await fetch(`${url}/api/files/${files[0].$id}/download`, { headers: { cookie } })),
    );
    const zip = await measured(pid, async () => {
      const res = await postJson(url, cookie, '/api/media/export', { ids });
      if (res.headers.get('content-type') !== 'application/zip') throw new Error('not a zip');
      return drain(res);
    });
    if (zip.bytes < FILES * 100 * MB)
      throw new Error(`the zip holds ${zip.bytes} bytes, less than its files`);

    const mib = (bytes) => `${(bytes / MB).toFixed(0)} MiB`;
    const rate = ({ bytes, ms }) => `${(bytes / MB / (ms / 1000)).toFixed(0)} MiB/s`;
    return [
      `server RSS at rest: ${mib(rest)}`,
      `single download of 100 MiB: peak RSS ${mib(single.peak)} (+${mib(single.peak - rest)}), ${rate(single)}`,
      `zip export of ${mib(zip.bytes)} (${FILES} videos + manifest): peak RSS ${mib(zip.peak)} (+${mib(zip.peak - rest)}), ${rate(zip)}, ${(zip.ms / 1000).toFixed(1)} s`,
    ];
  } finally {
    await fresh?.stop();
    await server.stop();
  }
}

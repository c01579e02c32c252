import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes a `.br` and a `.gz` beside each text file of the build, compressed once at their best
 * settings, so the server sends them as they are (`preCompressed`) instead of the raw bytes.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'baegen:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = await fs.readFile(file);
        const [br, gz] = await Promise.all([
          brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzipAsync(data, { level: 9 }),
        ]);
        // A tiny file can come out larger; the server then sends it as it is.
        if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
        if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
      }
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { SAMPLE_VIDEO_URL } from '@baegen/shared/contract';
import { sendRanged } from '../../lib/send-ranged';

export const SAMPLE_VIDEO_FILE = 'sample-video.mp4';

/**
 * `apps/server/assets`, found by walking up from this module: it sits three levels up in the
 * sources and one level up from the bundled dist/server.js.
 */
export function findAssetsDir(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = path.join(dir, 'assets');
    if (fs.existsSync(path.join(candidate, SAMPLE_VIDEO_FILE))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`assets/${SAMPLE_VIDEO_FILE} not found above ${from}`);
}

/** The demo video provider's clip, public like any static asset of the site. */
export async function samplesRoutes(app: FastifyInstance, opts: { assetsDir: string }) {
  const file = path.join(opts.assetsDir, SAMPLE_VIDEO_FILE);
  const { size } = fs.statSync(file);
  app.get(SAMPLE_VIDEO_URL, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return sendRanged(request, reply, {
      size,
      mimeType: 'video/mp4',
      read: async (range) => fs.createReadStream(file, range ?? {}),
    });
  });
}

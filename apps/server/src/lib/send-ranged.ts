import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange } from './byte-range';

/** The one byte range a Range header asks for, 'unsatisfiable', or null to send everything. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multiple ranges and other units are legal to ignore: the whole body is a valid answer.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Sends a stored body with Range support (206/416), for video seeking. */
export async function sendRanged(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { size: number; mimeType: string; read(range?: ByteRange): Promise<Readable> },
) {
  reply.header('accept-ranges', 'bytes').header('content-type', file.mimeType);
  const range = parseRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  if (range === null) {
    reply.header('content-length', file.size);
    return reply.send(await file.read());
  }
  reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1);
  return reply.send(await file.read(range));
}

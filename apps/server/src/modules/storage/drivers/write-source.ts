import type { FileHandle } from 'node:fs/promises';

/** Bytes a streamed write holds in memory while the disk is busy before it stops pulling. */
const WRITE_AHEAD_BYTES = 8 * 1024 * 1024;
/** Network-sized pieces (64 kB) written one by one cost measurably more than 1 MB writes. */
const MIN_WRITE_BYTES = 1024 * 1024;

export async function writeFully(handle: FileHandle, buffers: Uint8Array[], position: number) {
  const rest = [...buffers];
  while (rest.length > 0) {
    const { bytesWritten } = await handle.writev(rest, position);
    position += bytesWritten;
    let skipped = bytesWritten;
    while (rest.length > 0 && skipped >= rest[0]!.length) skipped -= rest.shift()!.length;
    if (skipped > 0) rest[0] = rest[0]!.subarray(skipped);
  }
}

/**
 * Writes a source at `offset` as it arrives. Pieces are gathered into writes of at least
 * MIN_WRITE_BYTES, one writev each, with one write in flight at a time: the disk and the source
 * work side by side, and the source is only pulled ahead of the disk by a bounded amount.
 */
export async function writeSource(handle: FileHandle, offset: number, source: AsyncIterable<Uint8Array>) {
  let position = offset;
  let batch: Uint8Array[] = [];
  let batched = 0;
  let writing: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  const flush = () => {
    const buffers = batch;
    const at = position;
    position += batched;
    batch = [];
    batched = 0;
    writing = writeFully(handle, buffers, at).then(
      () => {
        writing = null;
      },
      (error: unknown) => {
        failure = { error };
        writing = null;
      },
    );
  };
  try {
    for await (const piece of source) {
      if (failure) break;
      batch.push(piece);
      batched += piece.length;
      if (writing && batched >= WRITE_AHEAD_BYTES) await writing;
      if (!writing && batched >= MIN_WRITE_BYTES) flush();
    }
    if (writing) await writing;
    if (batched > 0 && !failure) flush();
  } finally {
    // Never leave a write running on a handle the caller is about to truncate or close.
    if (writing) await writing;
  }
  if (failure) throw (failure as { error: unknown }).error;
}

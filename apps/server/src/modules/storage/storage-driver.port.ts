import type { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * Where file bytes live. Keys are opaque ids chosen by the caller ([A-Za-z0-9_-]+).
 * A key is either absent or holds a complete file: partial data only ever exists as an upload,
 * which becomes visible under its key in one step (`completeUpload`).
 */
export interface StorageDriver {
  /** Stores a whole file atomically under `key`, replacing any previous content. */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Writes `data` at `offset` of the pending upload `key` and makes it durable. The offset must
   * equal the bytes already held (a longer tail left by a crash is cut off first).
   */
  appendUpload(key: string, offset: number, data: Buffer): Promise<void>;
  /** Bytes a pending upload holds durably, or null when there is none. */
  uploadSize(key: string): Promise<number | null>;
  /** Reads a pending upload (to hash or sniff it after a restart). */
  readUpload(key: string): Promise<Readable>;
  /** Publishes a pending upload under `key` in one atomic step. */
  completeUpload(key: string): Promise<void>;
  /** Drops a pending upload; no-op when there is none. */
  abortUpload(key: string): Promise<void>;
  /** Size of a stored file, or null when absent. */
  size(key: string): Promise<number | null>;
  /** Streams a stored file, or a byte range of it. Throws when absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes a stored file; no-op when absent. */
  delete(key: string): Promise<void>;
}

import type { Readable } from 'node:stream';
import type { ByteRange } from '../../lib/byte-range';

/** Bytes to append to an upload: whole, or as they arrive. */
export type UploadSource = Buffer | AsyncIterable<Uint8Array>;

/** A derived object as listed: the file it belongs to, its name, size and when it was stored. */
export interface DerivedObject {
  key: string;
  name: string;
  size: number;
  storedAt: Date;
}

/**
 * Where file bytes live. Keys are opaque ids chosen by the caller ([A-Za-z0-9_-]+).
 * A key is either absent or holds a complete file: partial data only ever exists as an upload,
 * which becomes visible under its key in one step (`completeUpload`). A file may have derived
 * objects (previews), each under a name of its own ([A-Za-z0-9_-][A-Za-z0-9_.-]*); they live
 * and die with the file.
 */
export interface StorageDriver {
  /** Stores a whole file atomically under `key`, replacing any previous content. */
  /** Resolves when the store can be written and read now; rejects with the reason otherwise. */
  ping(): Promise<void>;
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Writes `data` (a buffer, or a stream of bytes written as they arrive) at `offset` of the
   * pending upload `key`. When a streamed source fails part way, the upload is left as it was
   * before the call and the source's error is rethrown. The offset must equal the bytes
   * already held: a longer tail (left by a crash before the chunk was recorded) is cut off first;
   * fewer bytes (chunks lost in a crash before they reached the disk) reject with UploadGapError.
   * Chunks need not be durable one by one; `completeUpload` makes the whole file durable.
   */
  appendUpload(key: string, offset: number, data: UploadSource): Promise<void>;
  /** Bytes a pending upload holds durably, or null when there is none. */
  uploadSize(key: string): Promise<number | null>;
  /**
   * Makes a pending upload durable and publishes it under `key` in one atomic step. When it
   * fails, the upload is left pending as it was, so its last chunk can be written again.
   */
  completeUpload(key: string): Promise<void>;
  /** Drops a pending upload; no-op when there is none. */
  abortUpload(key: string): Promise<void>;
  /** Size of a stored file, or null when absent. */
  size(key: string): Promise<number | null>;
  /** Streams a stored file, or a byte range of it. Throws when absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * The sha256 (hex) of a stored file; throws when absent. Files run to hundreds of MB, so drivers
   * never hash one in a single block of the event loop: a worker thread, the store's own checksum,
   * or piece by piece as a download streams in.
   */
  sha256(key: string): Promise<string>;
  /** Stores an object derived from the file `key` under `name`, replacing any previous one. */
  putDerived(key: string, name: string, data: Buffer): Promise<void>;
  /** A derived object of the file `key`, or null when there is none under `name`. */
  getDerived(key: string, name: string): Promise<Buffer | null>;
  /** Every derived object of every file, so the space they take can be bounded. */
  listDerived(): Promise<DerivedObject[]>;
  /** Removes one derived object; no-op when absent. */
  deleteDerived(key: string, name: string): Promise<void>;
  /** Removes a stored file and every object derived from it; no-op when absent. */
  delete(key: string): Promise<void>;
  /** Releases what the driver holds (threads, connections); called once, when the app closes. */
  close(): Promise<void>;
}

/** A pending upload holds fewer bytes than were acknowledged: a crash lost some of them. */
export class UploadGapError extends Error {
  constructor(key: string, held: number, offset: number) {
    super(`Upload ${key} holds ${held} bytes, cannot write at ${offset}`);
    this.name = 'UploadGapError';
  }
}

import type { Readable } from 'node:stream';

/** Where an export reads the bytes of media: the user's stored files and the bundled samples. */
export interface MediaExportSources {
  /** Whether one of the user's complete files has this id. */
  hasFile(userId: string, fileId: string): Promise<boolean>;
  /** A stored file's bytes as they are, streamed. */
  readFile(userId: string, fileId: string): Promise<Readable>;
  /** A stored image re-encoded as JPEG, the bytes the single download asks for. */
  readJpeg(userId: string, fileId: string): Promise<Buffer>;
  /** Whether a /samples/ path names a sample the server bundles. */
  hasSample(url: string): boolean;
  /** A bundled sample's bytes, streamed. */
  readSample(url: string): Readable;
}

declare module 's3rver' {
  import type { IncomingMessage } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverObject {
    bucket: string;
    key: string;
  }

  /** The parts of s3rver's file-system store the test kit reaches into. */
  interface FilesystemStore {
    putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
    getResourcePath(bucket: string, key: string, resource: string): string;
  }

  /** A step of s3rver's Koa stack: the request, and the rest of the stack. */
  export type S3rverMiddleware = (
    context: { method: string; req: IncomingMessage },
    next: () => Promise<void>,
  ) => Promise<void>;

  export default class S3rver {
    constructor(options: { address?: string; port?: number; directory: string; silent?: boolean });
    store: FilesystemStore;
    /** Koa's middleware list; composed when the server starts. */
    middleware: S3rverMiddleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

declare module 's3rver/lib/models/error.js' {
  /** An S3 error answer (code, message, the HTTP status S3 gives that code), rendered as S3's XML. */
  export default class S3Error extends Error {
    constructor(code: string, message: string, detail?: Record<string, string>);
  }
}

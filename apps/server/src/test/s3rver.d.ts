declare module 's3rver' {
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

  export default class S3rver {
    constructor(options: { address?: string; port?: number; directory: string; silent?: boolean });
    store: FilesystemStore;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

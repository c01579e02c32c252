import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import S3Error from 's3rver/lib/models/error.js';
import { afterAll, beforeAll } from 'vitest';
import { later } from './test-hooks';

export interface S3rverKit {
  /** What the app's S3 settings need to reach the bucket, as environment variables. */
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /**
   * While on, the bucket answers every write (PUT, POST) with 403 AccessDenied, as a bucket whose
   * policy or credentials no longer allow writing does; reads and deletes go on working.
   */
  refuseWrites(on: boolean): void;
  close(): Promise<void>;
}

/**
 * s3rver answers a PUT before the object's file is fully written; a read right after could see
 * part of it. Its store waits here until the file holds every byte, as S3 itself guarantees.
 */
function awaitFlushedWrites(server: S3rver) {
  const { store } = server;
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    const result = await putObject(object);
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    for (let tries = 0; tries < 200; tries++) {
      if ((await fsp.stat(file)).size >= result.size) break;
      await sleep(5);
    }
    return result;
  };
}

/** A real s3rver on a free port of 127.0.0.1, over a fresh temporary folder, with one bucket. */
export async function startS3rver(bucket = 'baegen-test'): Promise<S3rverKit> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  awaitFlushedWrites(server);
  let refusing = false;
  // First in the stack, before s3rver's router: the middleware list is composed when it starts.
  server.middleware.unshift(async (context, next) => {
    if (!refusing || (context.method !== 'PUT' && context.method !== 'POST')) return next();
    // S3 reads what it is sent before answering, so the client hears the answer.
    for await (const _piece of context.req) void _piece;
    throw new S3Error('AccessDenied', 'Access Denied');
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver knows this one key id and does not check signatures.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    bucket,
    endpoint,
    credentials,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    refuseWrites: (on) => {
      refusing = on;
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Starts an s3rver before the enclosing suite's tests and closes it after them. */
export function useS3rver(): S3rverKit {
  let s3: S3rverKit | undefined;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => {
    await s3?.close();
  });
  return later('the s3rver', () => s3);
}

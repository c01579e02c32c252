import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface S3rverKit {
  /** What the app's S3 settings need to reach the bucket, as environment variables. */
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
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
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

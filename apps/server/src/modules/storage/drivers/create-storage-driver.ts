import path from 'node:path';
import type { Env } from '../../../config/env';
import type { StorageDriver } from '../storage-driver.port';
import { LocalDiskDriver } from './local-disk.driver';
import { S3Driver } from './s3.driver';

/** The driver STORAGE_DRIVER names. */
export function createStorageDriver(env: Env): StorageDriver {
  if (env.STORAGE_DRIVER === 'local') return new LocalDiskDriver(path.join(env.DATA_DIR, 'files'));
  return new S3Driver({
    // loadEnv refuses STORAGE_DRIVER=s3 without a bucket.
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  });
}

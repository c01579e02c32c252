import { StorageUnavailableError } from '../../errors/domain-errors';
import type { StorageDriver } from './storage-driver.port';

/** The methods that change what the store holds; the rest only read it. */
const WRITES = new Set<PropertyKey>([
  'put',
  'appendUpload',
  'completeUpload',
  'abortUpload',
  'putDerived',
  'deleteDerived',
  'delete',
]);

/** Errors that say the store itself cannot work (full, read-only, failing), whatever the call. */
const UNAVAILABLE = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);
/** A store that cannot be reached (S3), or a folder of the disk store that cannot be entered. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EACCES',
  'EPERM',
  'ENOTDIR',
]);
/**
 * Resets and broken pipes can come from the client's own request body, which is piped into the
 * store: they are the request's failure, never the store's.
 */
const FROM_THE_CLIENT = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

interface Failure {
  code?: unknown;
  syscall?: unknown;
  $fault?: unknown;
  $metadata?: unknown;
}

function isStorageFailure(error: unknown, writing: boolean): boolean {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as Failure;
  const code = typeof failure.code === 'string' ? failure.code : '';
  if (FROM_THE_CLIENT.has(code)) return false;
  if (UNAVAILABLE.has(code) || UNREACHABLE.has(code)) return true;
  // The AWS SDK marks a store's own 5xx answers (InternalError, SlowDown, ServiceUnavailable).
  if (failure.$fault === 'server') return true;
  if (!writing) return false;
  // A write is the driver's own call on its own keys: any refusal of the file system (a system call
  // with an errno code) or of the bucket (an S3 error answer: AccessDenied, NoSuchBucket, a quota)
  // is the store's. Reads are left alone here, where "absent" is an answer, not a failure.
  return (typeof failure.syscall === 'string' && code !== '') || failure.$metadata !== undefined;
}

/**
 * The driver with its store failures turned into StorageUnavailableError, so every caller (uploads,
 * previews, card imports, candidates stored during a generation) answers 507 for a write and 503
 * for a read rather than a bare 500 or an error blamed on someone else. Other errors pass
 * unchanged, the errors of the request's own body among them.
 */
export function guardDriver(driver: StorageDriver): StorageDriver {
  return new Proxy(driver, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      const writing = WRITES.has(key);
      return (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch((error: unknown) => {
          if (!isStorageFailure(error, writing)) throw error;
          throw new StorageUnavailableError(writing ? 'write' : 'read', { cause: error });
        });
    },
  });
}

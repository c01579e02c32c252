import { StorageUnavailableError } from '../../errors/domain-errors';
import type { StorageDriver } from './storage-driver.port';

/** Errors that say the store itself cannot work (full, read-only, failing), whatever the request. */
const UNAVAILABLE = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);
/**
 * A remote store (S3) that cannot be reached. Resets and broken pipes are left out: those can come
 * from the client's own request body, which is piped into the store.
 */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

function isStorageFailure(error: unknown): boolean {
  const failure = error as { code?: unknown; $fault?: unknown } | null;
  const code = failure?.code;
  if (typeof code === 'string' && (UNAVAILABLE.has(code) || UNREACHABLE.has(code))) return true;
  // The AWS SDK marks a store's own 5xx answers (InternalError, SlowDown, ServiceUnavailable).
  return failure?.$fault === 'server';
}

/**
 * The driver with its store failures turned into StorageUnavailableError, so every caller (uploads,
 * previews, candidates stored during a generation) answers 507 rather than a bare 500 or an error
 * blamed on someone else. Other errors pass unchanged.
 */
export function guardDriver(driver: StorageDriver): StorageDriver {
  return new Proxy(driver, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch((error: unknown) => {
          if (isStorageFailure(error)) throw new StorageUnavailableError(undefined, {}, { cause: error });
          throw error;
        });
    },
  });
}

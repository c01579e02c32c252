import { StorageUnavailableError } from '../../errors/domain-errors';
import type { StorageDriver } from './storage-driver.port';

/** Errors that say the store itself cannot work (full, read-only, failing), whatever the request. */
const UNAVAILABLE = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

function isStorageFailure(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && UNAVAILABLE.has(code);
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

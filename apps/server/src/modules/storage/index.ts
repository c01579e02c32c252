export { storageModule } from './storage.module';
export type { FilesPort } from './files.port';
export type { Storage } from './create-storage';
export type { StorageDriver } from './storage-driver.port';
export { IMAGE_MAX_PIXELS } from './image-check';
export { type StorageQuota, quotaExceeded } from './storage-quota';

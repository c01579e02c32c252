import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Storage, createStorage } from './create-storage';
import { createStorageDriver } from './drivers/create-storage-driver';
import { FilesRepository } from './files.repository';
import { filesRoutes } from './files.routes';
import type { StorageDriver } from './storage-driver.port';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored files: `storage.files` is the FilesPort other modules use. */
    storage: Storage & { ping(): Promise<void> };
  }
}

const MB = 1024 * 1024;

/** Uploads, stored files, previews and the sweep of what nobody kept, on local disk or S3. */
export const storageModule = fp(
  async (app: FastifyInstance, opts: { driver?: StorageDriver }) => {
    const { env, database, clock } = app.platform;
    const driver = opts.driver ?? createStorageDriver(env);
    const storage = createStorage(new FilesRepository(database.db), driver, {
      maxImageBytes: env.FILES_MAX_IMAGE_MB * MB,
      maxVideoBytes: env.FILES_MAX_VIDEO_MB * MB,
      quotaBytes: env.STORAGE_QUOTA_MB * MB,
      previewCacheBytes: env.PREVIEW_CACHE_MB * MB,
      abandonAfterMs: env.UPLOAD_ABANDON_MINUTES * 60_000,
      candidateTtlMs: env.CANDIDATE_TTL_HOURS * 3_600_000,
      clock,
      onBackgroundError: (error) => app.log.error({ err: error }, 'recording a file checksum failed'),
    });
    app.decorate('storage', { ...storage, ping: () => driver.ping() });
    app.scheduler.add({
      name: 'files-sweep',
      everyMs: env.SWEEP_INTERVAL_MINUTES * 60_000,
      run: () => storage.maintenance.sweep(),
    });
    app.addHook('onClose', () => storage.maintenance.close());
    await app.register(filesRoutes, { prefix: '/api/files', ...storage, env });
  },
  { name: 'storage', dependencies: ['fleet', 'auth'] },
);

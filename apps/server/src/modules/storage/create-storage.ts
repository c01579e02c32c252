import { FileStore } from './file-store';
import { FilesMaintenance, type FilesMaintenanceOptions } from './files-maintenance.service';
import type { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { guardDriver } from './guarded-driver';
import { PreviewCache } from './preview-cache';
import { PreviewsService } from './previews.service';
import type { StorageDriver } from './storage-driver.port';
import { type UploadCaps, UploadsService } from './uploads.service';

export interface StorageOptions extends UploadCaps, FilesMaintenanceOptions {
  /** The clock for upload and candidate expiry (tests move time forward). */
  clock?: () => Date;
  /** The most bytes all previews may take together; the oldest go past it. */
  previewCacheBytes: number;
}

export interface Storage {
  /** Reads and deletes; the FilesPort handed to other modules. */
  files: FilesService;
  uploads: UploadsService;
  previews: PreviewsService;
  /** Sha256 sums after the answer, the sweep of leftovers, and closing the driver. */
  maintenance: FilesMaintenance;
}

/** The storage module's services, sharing one repository, driver and clock. */
export function createStorage(
  repo: FilesRepository,
  driver: StorageDriver,
  options: StorageOptions,
): Storage {
  const guarded = guardDriver(driver);
  const store = new FileStore(repo, guarded, options.clock);
  const maintenance = new FilesMaintenance(store, options);
  const uploads = new UploadsService(store, maintenance, options);
  return {
    files: new FilesService(store, uploads),
    uploads,
    previews: new PreviewsService(store, new PreviewCache(guarded, options.previewCacheBytes)),
    maintenance,
  };
}

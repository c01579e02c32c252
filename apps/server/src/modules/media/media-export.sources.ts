import fs from 'node:fs';
import path from 'node:path';
import { SAMPLE_VIDEO_URL, filePreviewQuerySchema } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { SAMPLE_VIDEO_FILE } from '../samples';
import type { Storage } from '../storage';
import type { MediaExportSources } from './media-export.port';

/** The query the single download sends (`?output=jpg`), with its defaults filled in. */
const SINGLE_DOWNLOAD_JPEG = filePreviewQuerySchema.parse({ output: 'jpg' });

/** The export's sources over the storage module and the assets folder. */
export function mediaExportSources(
  storage: Pick<Storage, 'files' | 'previews'>,
  assetsDir: string,
): MediaExportSources {
  const { files, previews } = storage;
  return {
    hasFile: async (userId, fileId) => {
      try {
        await files.getFile(userId, fileId);
        return true;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return false;
        throw error;
      }
    },
    readFile: async (userId, fileId) => (await files.open(userId, fileId)).read(),
    readJpeg: async (userId, fileId) => (await previews.preview(userId, fileId, SINGLE_DOWNLOAD_JPEG)).data,
    // The one sample the server bundles is the demo clip; other /samples/ paths name nothing.
    hasSample: (url) => url === SAMPLE_VIDEO_URL,
    readSample: () => fs.createReadStream(path.join(assetsDir, SAMPLE_VIDEO_FILE)),
  };
}

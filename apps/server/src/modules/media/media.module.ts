import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MEDIA_PATH } from '@baegen/shared/contract';
import { MediaDownloadService } from './media-download.service';
import { MediaExportService } from './media-export.service';
import { mediaExportSources } from './media-export.sources';
import { MediaRepository } from './media.repository';
import { mediaRoutes } from './media.routes';
import { MediaService } from './media.service';
import type { ProvenancePort } from './provenance.port';

export interface MediaPort {
  service: MediaService;
  /** Where saved media learn how their file was made; the generation module plugs itself in. */
  useProvenance(port: ProvenancePort): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaPort;
  }
}

/** The user's saved images and videos: list, save, favourite, download, export, delete. */
export const mediaModule = fp(
  async (app: FastifyInstance) => {
    const { database, clock, listCache, assetsDir } = app.platform;
    const { storage } = app;
    let provenance: ProvenancePort = { ofFile: async () => null };
    const repo = new MediaRepository(database.db);
    const media = new MediaService(
      repo,
      storage.files,
      app.characters,
      { ofFile: (userId, fileId) => provenance.ofFile(userId, fileId) },
      clock,
    );
    const downloads = new MediaDownloadService(repo, storage.files);
    const mediaExport = new MediaExportService(media, mediaExportSources(storage, assetsDir), clock);
    app.decorate('media', {
      service: media,
      useProvenance: (port: ProvenancePort) => void (provenance = port),
    });
    await app.register(mediaRoutes, { prefix: MEDIA_PATH, media, downloads, mediaExport, listCache });
  },
  { name: 'media', dependencies: ['auth', 'storage', 'characters'] },
);

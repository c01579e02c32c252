import { type PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import {
  MEDIA_EXPORT_MANIFEST,
  API_MESSAGES,
  type Media,
  type MediaExportItem,
  fileIdFromUrl,
  mediaExportFileName,
  mediaExportManifestSchema,
  mediaFileName,
} from '@baegen/shared/contract';
import type { Clock } from '../../lib/clock';
import type { MediaExportSources } from './media-export.port';
import type { MediaService } from './media.service';

/** An entry of the archive: its manifest line and, when its bytes are included, how to read them. */
interface PlannedItem extends MediaExportItem {
  open?: () => Promise<Readable>;
}

export interface MediaArchive {
  fileName: string;
  /** The zip, produced as it is read: one entry's bytes at a time, never the whole archive. */
  stream: Readable;
}

/**
 * Zip exports of a user's media: each record's bytes under the single download's file name, and
 * manifest.json with the records. Images of our storage are the single download's JPEG, videos
 * the stored bytes, the demo clip the bundled file; media elsewhere (an http URL) are not fetched
 * but listed in the manifest with the reason.
 */
export class MediaExportService {
  constructor(
    private readonly media: MediaService,
    private readonly sources: MediaExportSources,
    private readonly clock: Clock,
  ) {}

  /** Every id is checked first: one that is not the user's answers 404 before the archive starts. */
  async archive(userId: string, ids: string[]): Promise<MediaArchive> {
    const documents = await this.media.getMany(userId, ids);
    const items = await Promise.all(documents.map((media) => this.plan(userId, media)));
    const zip = new ZipFile();
    const stream = zip.outputStream as PassThrough;
    let reading: Readable | undefined;
    // The answer has started by the time a file is read: one that fails half way can only cut the
    // download short.
    zip.on('error', (error: Error) => stream.destroy(error));
    // A client that goes away mid-entry leaves that entry's file open: it is closed with the answer.
    stream.once('close', () => reading?.destroy());
    for (const { open, file, media } of items) {
      if (!open || !file) continue;
      // Stored already compressed (JPEG, MP4): deflating again would cost CPU for nothing.
      const options = { compress: false, mtime: new Date(media.createdAt) };
      zip.addReadStreamLazy(file, options, (done) => {
        open()
          .then((source) => {
            if (stream.destroyed) return source.destroy();
            reading = source;
            source.once('error', (error) => zip.emit('error', error));
            done(null, source);
          })
          .catch((error: unknown) => zip.emit('error', error));
      });
    }
    const manifest = mediaExportManifestSchema.parse({
      exportedAt: this.clock().toISOString(),
      items: items.map(({ file, skipped, media }) => ({ file, skipped, media })),
    });
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MEDIA_EXPORT_MANIFEST, {
      mtime: this.clock(),
    });
    zip.end();
    return { fileName: mediaExportFileName(documents.length), stream };
  }

  private async plan(userId: string, media: Media): Promise<PlannedItem> {
    const file = mediaFileName(media);
    const fileId = media.url.startsWith('/api/files/') ? fileIdFromUrl(media.url) : null;
    if (fileId) {
      if (!(await this.sources.hasFile(userId, fileId))) {
        return { file: null, skipped: API_MESSAGES.bulk.skippedMissing, media };
      }
      const open =
        media.type === 'image'
          ? async () => Readable.from([await this.sources.readJpeg(userId, fileId)])
          : () => this.sources.readFile(userId, fileId);
      return { file, media, open };
    }
    if (media.type === 'video' && this.sources.hasSample(media.url)) {
      return { file, media, open: async () => this.sources.readSample(media.url) };
    }
    return { file: null, skipped: API_MESSAGES.bulk.skippedExternal, media };
  }
}

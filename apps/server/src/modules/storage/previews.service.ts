import sharp from 'sharp';
import type { FilePreviewQuery } from '@baegen/shared';
import { AppError } from '../../errors/app-error';
import type { FileStore } from './file-store';

const PREVIEW_FORMATS = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' } as const;
const PREVIEW_MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** Resized, re-encoded images of stored files, kept by the storage driver beside the file. */
export class PreviewsService {
  constructor(private readonly store: FileStore) {}

  async preview(
    userId: string,
    id: string,
    query: FilePreviewQuery,
  ): Promise<{ data: Buffer; mimeType: string }> {
    const row = await this.store.findReady(userId, id);
    if (!row.mime_type.startsWith('image/')) {
      throw new AppError(415, 'PREVIEW_UNSUPPORTED', 'Previews are available for images only');
    }
    const source = row.mime_type.split('/')[1]!;
    const format = query.output
      ? PREVIEW_FORMATS[query.output]
      : source === 'png' || source === 'webp'
        ? source
        : 'jpeg';
    const name = `${query.width}x${query.height}-q${query.quality}.${format}`;
    const { driver } = this.store;
    // A cached preview that cannot be read is made again rather than failing the request.
    const hit = await driver.getDerived(id, name).catch(() => null);
    if (hit) return { data: hit, mimeType: PREVIEW_MIME[format] };

    const data = await sharp(await this.store.readAll(row.id))
      .rotate()
      .resize({
        width: query.width || undefined,
        height: query.height || undefined,
        fit: query.width && query.height ? 'cover' : 'inside',
      })
      .toFormat(format, { quality: query.quality })
      .toBuffer();
    await driver.putDerived(id, name, data);
    return { data, mimeType: PREVIEW_MIME[format] };
  }
}

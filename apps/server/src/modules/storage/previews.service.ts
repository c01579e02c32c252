import sharp from 'sharp';
import type { FilePreviewQuery } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { FileStore } from './file-store';
import { IMAGE_MAX_PIXELS } from './image-check';
import type { PreviewCache } from './preview-cache';

const PREVIEW_FORMATS = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' } as const;
const PREVIEW_MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** Resized, re-encoded images of stored files, kept by the storage driver beside the file. */
export class PreviewsService {
  constructor(
    private readonly store: FileStore,
    private readonly cache: PreviewCache,
  ) {}

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
    const hit = await this.cache.get(id, name);
    if (hit) return { data: hit, mimeType: PREVIEW_MIME[format] };

    const original = await this.store.readAll(row.id);
    let data: Buffer;
    try {
      data = await sharp(original, { limitInputPixels: IMAGE_MAX_PIXELS })
        .rotate()
        .resize({
          width: query.width || undefined,
          height: query.height || undefined,
          fit: query.width && query.height ? 'cover' : 'inside',
        })
        .toFormat(format, { quality: query.quality })
        .toBuffer();
    } catch {
      // Its header was read at upload, so the damage lies further in: the file itself is served
      // as it is, only no preview can be made of it.
      throw new AppError(422, 'PREVIEW_FAILED', 'This image is damaged and no preview can be made of it');
    }
    await this.cache.put(id, name, data);
    return { data, mimeType: PREVIEW_MIME[format] };
  }
}

import sharp from 'sharp';
import type { FilePreviewQuery } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { FileStore } from './file-store';
import { IMAGE_MAX_PIXELS } from './image-check';
import type { PreviewCache } from './preview-cache';

const PREVIEW_FORMATS = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' } as const;
const PREVIEW_MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * Previews are made at qualities in steps of ten (a quality asked for is rounded up to one): nearby
 * qualities look alike, and a new quality each time would make a new preview each time.
 */
const QUALITY_STEP = 10;
const quantised = (quality: number) => Math.min(100, Math.ceil(quality / QUALITY_STEP) * QUALITY_STEP);

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
    const quality = quantised(query.quality);
    const asked = `${query.width}x${query.height}-q${quality}.${format}`;
    const hit = await this.cache.get(id, asked);
    if (hit) return { data: hit, mimeType: PREVIEW_MIME[format] };

    const original = await this.store.readAll(row.id);
    let data: Buffer;
    let name: string;
    try {
      const image = sharp(original, { limitInputPixels: IMAGE_MAX_PIXELS });
      const { autoOrient } = await image.metadata();
      // Never larger than the picture as it is shown: a 12×8 GIF asked at 4000×4000 is made at its
      // own size, under the name of that size, so every such request finds the one preview made.
      const width = Math.min(query.width, autoOrient.width);
      const height = Math.min(query.height, autoOrient.height);
      name = `${width}x${height}-q${quality}.${format}`;
      const made = name === asked ? null : await this.cache.get(id, name);
      if (made) return { data: made, mimeType: PREVIEW_MIME[format] };
      data = await image
        .rotate()
        .resize({
          width: width || undefined,
          height: height || undefined,
          fit: width && height ? 'cover' : 'inside',
        })
        .toFormat(format, { quality })
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

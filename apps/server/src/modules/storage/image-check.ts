import sharp from 'sharp';
import { AppError } from '../../errors/app-error';

/**
 * The most pixels an image may have. Decoding costs memory and time in proportion to it, so a
 * small file announcing huge dimensions is refused at upload, and decoding never goes past it.
 */
export const IMAGE_MAX_PIXELS = 100_000_000;

const notAnImage = () =>
  new AppError(
    415,
    'UNSUPPORTED_FILE_TYPE',
    'This file is not a readable image: only PNG, JPEG, WebP, GIF, MP4 and WebM files are accepted',
  );

/**
 * Decodes the header of a whole image file: refuses (415) bytes that only start like an image,
 * whose format differs from their signature's, and (413) dimensions past IMAGE_MAX_PIXELS.
 */
export async function checkImageHeader(data: Buffer, mimeType: string): Promise<void> {
  let metadata: sharp.Metadata;
  try {
    // The limit is checked below, where it can answer with the dimensions.
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const { format, width, height } = metadata;
  if (`image/${format}` !== mimeType || !width || !height) throw notAnImage();
  if (width * height > IMAGE_MAX_PIXELS) {
    throw new AppError(
      413,
      'IMAGE_TOO_LARGE',
      `This image is ${width}×${height} pixels; at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels are accepted`,
    );
  }
}

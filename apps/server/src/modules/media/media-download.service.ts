import sharp from 'sharp';
import {
  type MediaGeneration,
  PNG_BAEGEN_KEYWORD,
  PNG_PARAMETERS_KEYWORD,
  fileIdFromUrl,
} from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { InvalidPngError, isPng, withPngText } from '../../lib/png-text';
import type { FilesPort } from '../storage';
import type { MediaRepository } from './media.repository';
import { generationOf } from './media.service';

/**
 * The `parameters` text AUTOMATIC1111 writes, so tools that read it (PNG Info, image browsers) show
 * the prompt: the prompt, then one line of settings. Only what we know is written; we never guess
 * the steps or sampler a provider used.
 */
export function a1111Parameters(
  prompt: string,
  generation: MediaGeneration | null,
  size: { width: number; height: number },
): string {
  const settings = [
    generation?.seed != null ? `Seed: ${generation.seed}` : null,
    `Size: ${size.width}x${size.height}`,
    generation?.model ? `Model: ${generation.model}` : null,
  ].filter((setting) => setting !== null);
  return `${prompt}\n${settings.join(', ')}`;
}

/** An image of the gallery as a PNG file that carries how it was made. */
export class MediaDownloadService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly files: FilesPort,
  ) {}

  async png(userId: string, id: string): Promise<Buffer> {
    const media = await this.repo.get(userId, id);
    if (!media) throw AppError.notFound('Media not found', 'MEDIA_NOT_FOUND');
    if (media.type !== 'image') {
      throw new AppError(415, 'NOT_AN_IMAGE', 'Only images can be downloaded as PNG');
    }
    const fileId = media.file_id ?? fileIdFromUrl(media.url);
    if (!fileId) {
      throw new AppError(409, 'MEDIA_NOT_STORED', 'This image is not stored here, so it has no PNG download');
    }
    const { data } = await this.files.readFile(userId, fileId);
    const source = sharp(data);
    const [png, { width, height }] = await Promise.all([
      isPng(data) ? data : source.clone().png().toBuffer(),
      source.metadata(),
    ]).catch(() => {
      throw new AppError(422, 'IMAGE_DAMAGED', 'This image is damaged and cannot be downloaded as PNG');
    });
    const generation = generationOf(media);
    const prompt = generation?.prompt ?? media.prompt;
    const texts = {
      [PNG_PARAMETERS_KEYWORD]: a1111Parameters(prompt, generation, {
        width: width ?? 0,
        height: height ?? 0,
      }),
      [PNG_BAEGEN_KEYWORD]: JSON.stringify({ mediaId: media.id, generation }),
    };
    try {
      return withPngText(png, texts);
    } catch (error) {
      if (!(error instanceof InvalidPngError)) throw error;
      // Chunks the picture does without (more than are read, or a damaged text): written afresh.
      return withPngText(await source.clone().png().toBuffer(), texts);
    }
  }
}

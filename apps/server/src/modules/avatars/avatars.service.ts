import { shapes } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import sharp from 'sharp';

/** The "shapes" default avatar of a seed, as SVG. Same seed and size, same picture. */
export function shapesAvatarSvg(seed: string, size: number): string {
  return createAvatar(shapes, { seed, size }).toString();
}

/** The same avatar as PNG, for providers that need pixels. */
export async function shapesAvatarPng(seed: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(shapesAvatarSvg(seed, size)))
    .png()
    .toBuffer();
}

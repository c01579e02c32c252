import {
  ASPECT_RATIOS,
  type AspectRatio,
  IMAGE_OUTPUTS,
  type ImageCapabilities,
  STYLE_PRESETS,
} from '@baegen/shared/contract';

/** Everything the forms can ask for: the demo's manifest, and the widest any adapter declares. */
export const ALL_IMAGE_CAPABILITIES: ImageCapabilities = {
  outputs: { min: 1, max: IMAGE_OUTPUTS },
  aspectRatios: [...ASPECT_RATIOS],
  negativePrompt: true,
  stylePresets: [...STYLE_PRESETS],
};

/** The demo's declaration, and fake providers' in tests. */
export const ALL_GENERATION_CAPABILITIES = {
  image: ALL_IMAGE_CAPABILITIES,
  character: ALL_IMAGE_CAPABILITIES,
};

/** Width and height for an aspect ratio, the longer side `long`, both multiples of 64 as diffusion models want. */
export function sizeFor(aspectRatio: AspectRatio, long: number): { width: number; height: number } {
  const short = Math.round((long * 3) / 4 / 64) * 64;
  if (aspectRatio === 'square') return { width: short, height: short };
  return aspectRatio === 'portrait' ? { width: short, height: long } : { width: long, height: short };
}

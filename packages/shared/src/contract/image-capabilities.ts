import { z } from 'zod';
import { IMAGE_OUTPUTS, LIMITS } from './constants';
import { ASPECT_RATIOS, STYLE_PRESETS, STYLE_PRESET_WORDS, type StylePreset } from './image-options';

/** What the active image provider can do; the forms offer only these and the API refuses the rest. */
export const imageCapabilitiesSchema = z.object({
  outputs: z.object({
    min: z.number().int().min(1).max(IMAGE_OUTPUTS),
    max: z.number().int().min(1).max(IMAGE_OUTPUTS),
  }),
  /** Empty when the provider's pictures have one fixed shape. */
  aspectRatios: z.array(z.enum(ASPECT_RATIOS)),
  negativePrompt: z.boolean(),
  stylePresets: z.array(z.enum(STYLE_PRESETS)),
});
export type ImageCapabilities = z.infer<typeof imageCapabilitiesSchema>;

/**
 * Per kind of image job: `image` (a picture from a prompt: the portrait generator) and
 * `character` (variations of a character's picture: the media form).
 */
export const generationCapabilitiesSchema = z.object({
  image: imageCapabilitiesSchema,
  character: imageCapabilitiesSchema,
});
export type GenerationCapabilities = z.infer<typeof generationCapabilitiesSchema>;

/** The options an image or character job may ask for, beyond its prompt and count. */
export const imageOptionsShape = {
  aspectRatio: z.enum(ASPECT_RATIOS).optional(),
  negativePrompt: z.string().trim().max(LIMITS.prompt).optional(),
  style: z.enum(STYLE_PRESETS).optional(),
};
export const imageOptionsSchema = z.object(imageOptionsShape);
export type ImageOptions = z.infer<typeof imageOptionsSchema>;

/** The prompt a provider gets: the person's words, then the style preset's. */
export function styledPrompt(prompt: string, style: StylePreset | undefined): string {
  const words = style ? STYLE_PRESET_WORDS[style] : '';
  return words ? `${prompt}, ${words}` : prompt;
}

/**
 * Why a request asks for more than the provider can do, in words for the person; null when it
 * asks for nothing the provider lacks.
 */
export function unsupportedImageOption(
  capabilities: ImageCapabilities,
  request: ImageOptions & { outputs?: number },
): string | null {
  const { outputs } = capabilities;
  if (request.outputs !== undefined && (request.outputs < outputs.min || request.outputs > outputs.max)) {
    return outputs.min === outputs.max
      ? `This image provider makes ${outputs.max} image${outputs.max === 1 ? '' : 's'} at a time.`
      : `This image provider makes ${outputs.min} to ${outputs.max} images at a time.`;
  }
  if (request.aspectRatio && !capabilities.aspectRatios.includes(request.aspectRatio))
    return `This image provider does not offer the ${request.aspectRatio} aspect ratio.`;
  if (request.negativePrompt && !capabilities.negativePrompt)
    return 'This image provider does not take a negative prompt.';
  if (request.style && request.style !== 'none' && !capabilities.stylePresets.includes(request.style))
    return `This image provider does not offer the ${request.style} style.`;
  return null;
}

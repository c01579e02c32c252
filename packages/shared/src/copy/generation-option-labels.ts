import type { AspectRatio, StylePreset } from '../contract/image-options';

/** The image options of the media form and the portrait generator. */
export const GENERATION_OPTION_LABELS = {
  group: 'Image options',
  outputs: 'Number of images',
  aspectRatio: 'Aspect ratio',
  style: 'Style',
  negativePrompt: 'Negative prompt',
  portraitChoices: 'Choose the portrait',
  choice: 'Picture',
  negativePromptPlaceholder: 'What to leave out, e.g. blurry, text, watermark',
  aspectRatios: { portrait: 'Portrait', square: 'Square', landscape: 'Landscape' } satisfies Record<
    AspectRatio,
    string
  >,
  styles: {
    none: 'None',
    photo: 'Photo',
    anime: 'Anime',
    painting: 'Painting',
    cinematic: 'Cinematic',
  } satisfies Record<StylePreset, string>,
} as const;

/** A number of seconds as a rough duration: "8 s", "2 min". */
function roughDuration(seconds: number): string {
  const rounded = Math.max(1, Math.round(seconds));
  return rounded >= 90 ? `${Math.round(rounded / 60)} min` : `${rounded} s`;
}

/** The time a running job has left, from its provider's own progress. */
export const PROGRESS_TEXT = {
  eta: (seconds: number) => `About ${roughDuration(seconds)} left`,
  /** Said after SPEC's "may take up to 8 minutes": this video's estimate, in agreement with it. */
  videoPace: (seconds: number) =>
    `At its current pace, this one should be ready in about ${roughDuration(seconds)}.`,
} as const;

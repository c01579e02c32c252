// The aspect ratios and style presets an image can be asked for, free of zod for the web app's forms.

export const ASPECT_RATIOS = ['portrait', 'square', 'landscape'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Width over height of each aspect ratio, as vendors that take an `aspect_ratio` spell it. */
export const ASPECT_RATIO_VALUES: Record<AspectRatio, string> = {
  portrait: '3:4',
  square: '1:1',
  landscape: '4:3',
};

export const STYLE_PRESETS = ['none', 'photo', 'anime', 'painting', 'cinematic'] as const;
export type StylePreset = (typeof STYLE_PRESETS)[number];

/** The words a style preset adds to the prompt on the server; `none` adds nothing. */
export const STYLE_PRESET_WORDS: Record<StylePreset, string> = {
  none: '',
  photo: 'photorealistic photograph, natural light, sharp focus, 50mm lens',
  anime: 'anime style illustration, clean line art, cel shading, vibrant colours',
  painting: 'oil painting, visible brush strokes, rich texture, classical composition',
  cinematic: 'cinematic film still, dramatic lighting, shallow depth of field, colour graded',
};

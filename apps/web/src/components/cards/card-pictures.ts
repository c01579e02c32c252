/**
 * The picture frame of each card, shared with the skeletons that stand in for the cards, so a
 * loading grid is exactly as tall as the grid that replaces it.
 */
export const CARD_PICTURES = {
  /** Portraits are 3:4; a picture of another shape fills the frame (the profile shows it whole). */
  character: 'aspect-[3/4]',
  media: 'aspect-[4/5]',
  compact: 'aspect-[4/3]',
} as const;

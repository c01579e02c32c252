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

// The rendered widths of the card pictures (img `sizes`), so the browser picks the smallest
// preview that is sharp enough. The page is at most 80rem wide with 1rem to 2rem of padding.
/** The dashboard's compact cards: one column on a phone, three from 640px. */
export const COMPACT_SIZES = '(min-width: 1280px) 390px, (min-width: 640px) 30vw, calc(100vw - 2rem)';
/** The characters grid: one column on a phone, two from 640px, three from 1024px. */
export const CHARACTER_SIZES =
  '(min-width: 1280px) 390px, (min-width: 1024px) 30vw, (min-width: 640px) 46vw, calc(100vw - 2rem)';
/** The gallery grid: two columns on a phone, three from 1024px, four from 1280px. */
export const GALLERY_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 46vw';

/**
 * How soon a card's picture loads: `lcp`, the first card of the first screen, likely the page's
 * largest paint, is fetched first; `eager`, the rest of the first screen, at once; `lazy` pictures
 * wait until they near the screen.
 */
export type PicturePriority = 'lcp' | 'eager' | 'lazy';

/** The img attributes of a priority. */
export function pictureLoading(priority: PicturePriority = 'lazy') {
  return {
    loading: priority === 'lazy' ? 'lazy' : 'eager',
    fetchPriority: priority === 'lcp' ? 'high' : undefined,
  } as const;
}

/** The priority of the card at `index` of a list whose first `onFirstScreen` cards show at once. */
export function priorityAt(index: number, onFirstScreen: number): PicturePriority {
  if (index === 0) return 'lcp';
  return index < onFirstScreen ? 'eager' : 'lazy';
}

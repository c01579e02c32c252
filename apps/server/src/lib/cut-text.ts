const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest start of `text` that fits in `maxUnits` UTF-16 code units (what length limits count),
 * cut between characters as a reader sees them: never inside a surrogate pair, which could not be
 * encoded, nor between a letter and its accent or the parts of an emoji.
 */
export function cutText(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let end = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (end + segment.length > maxUnits) break;
    end += segment.length;
  }
  return text.slice(0, end);
}

/** A compact card is one link; it lights up as a whole on hover. */
export const COMPACT_CARD =
  'card group flex flex-col overflow-hidden transition hover:border-rose-glow/40 hover:shadow-glow';

export const COMPACT_PICTURE = 'relative aspect-[4/3] bg-ink-850';

export const COMPACT_TITLE = 'truncate font-semibold text-ink-100 group-hover:text-rose-glow';

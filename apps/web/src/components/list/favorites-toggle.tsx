import { Star } from 'lucide-react';
import { FAVORITE_LABELS } from '@baegen/shared';
import { cn } from '../../lib/cn';

/** A list page's favourites filter: pressed, the grid shows starred items only. */
export function FavoritesToggle({
  pressed,
  onChange,
  controls,
}: {
  pressed: boolean;
  onChange: (pressed: boolean) => void;
  /** id of the element the filter narrows (the grid). */
  controls: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-controls={controls}
      onClick={() => onChange(!pressed)}
      className={cn(
        'inline-flex h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium transition',
        pressed
          ? 'border-rose-glow/60 bg-rose-glow/10 text-rose-glow'
          : 'border-ink-700 bg-ink-900 text-ink-300 hover:text-ink-100',
      )}
    >
      <Star className="size-4" fill={pressed ? 'currentColor' : 'none'} aria-hidden />
      {FAVORITE_LABELS.filter}
    </button>
  );
}

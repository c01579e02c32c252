import { Star } from 'lucide-react';
import { FAVORITE_LABELS } from '@baegen/shared';
import { cn } from '../../lib/cn';

/** The star of a card: pressed when the record is a favourite; a press asks for the other state. */
export function FavoriteButton({
  favorite,
  subject,
  onToggle,
  className,
}: {
  favorite: boolean;
  /** What the card shows, named in the button's label: a grid holds many stars. */
  subject: string;
  onToggle: (favorite: boolean) => void;
  className?: string;
}) {
  const label = favorite ? FAVORITE_LABELS.remove : FAVORITE_LABELS.add;
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={`${label}: ${subject}`}
      title={label}
      onClick={() => onToggle(!favorite)}
      className={cn(
        'grid size-9 place-items-center rounded-full bg-black/55 backdrop-blur transition hover:bg-ink-800',
        favorite ? 'text-amber-300' : 'text-white',
        className,
      )}
    >
      <Star className="size-4" fill={favorite ? 'currentColor' : 'none'} aria-hidden />
    </button>
  );
}

import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { MESSAGES } from '@baegen/shared';
import { cn } from '../../lib/cn';
import type { Selection } from '../../lib/use-selection';

/**
 * A card of a list in select mode: a checkbox over the whole card, so a click anywhere on it
 * selects it (with Shift, the range from the last card clicked) instead of following its links.
 */
export function SelectableItem({
  id,
  title,
  selection,
  children,
}: {
  id: string;
  title: string;
  selection: Selection;
  children: ReactNode;
}) {
  if (!selection.active) return children;
  const selected = selection.isSelected(id);
  // A grid, so the card still stretches to its row's height inside this wrapper.
  return (
    <div className="relative grid" data-selecting>
      {children}
      <button
        type="button"
        role="checkbox"
        aria-checked={selected}
        aria-label={MESSAGES.bulk.selectItem(title)}
        onClick={(event) => selection.toggle(id, event.shiftKey)}
        className={cn(
          'absolute inset-0 z-10 rounded-card outline-offset-2 transition',
          selected ? 'bg-rose-glow/10 ring-2 ring-rose-glow' : 'bg-ink-950/20 hover:bg-ink-950/5',
        )}
      >
        <span
          aria-hidden
          className={cn(
            // The top-left corner, clear of the card's buttons; a media card's type badge moves aside.
            'absolute top-2 left-2 grid size-8 place-items-center rounded-lg border-2 shadow sm:top-3 sm:left-3 sm:size-9',
            selected ? 'border-rose-glow bg-rose-glow text-white' : 'border-ink-100 bg-ink-950',
          )}
        >
          {selected ? <Check className="size-5" /> : null}
        </span>
      </button>
    </div>
  );
}

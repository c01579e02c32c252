import type { ReactNode } from 'react';
import { Link } from '../ui/link';
import { CARD_PICTURES, type PicturePriority } from './card-pictures';

/**
 * A card's props, its record under `key`: in a list, with its delete and, where the list offers
 * one, its star; or the dashboard's compact card, one link.
 */
export type CardProps<K extends string, T> = Record<K, T> &
  (
    | {
        onDelete: (item: T) => void;
        /** Stars or unstars the item; without it the card shows no star. */
        onFavorite?: (item: T, favorite: boolean) => void;
        compact?: false;
      }
    | { compact: true; onDelete?: undefined }
  ) & {
    /** How soon its picture loads; lazy unless the page says the card is on its first screen. */
    priority?: PicturePriority;
  };

/** The compact variant shared by the cards: one link, a picture, a title and a line under it. */
export function CompactCard({
  to,
  state,
  testId,
  picture,
  title,
  meta,
}: {
  to: string;
  /** History state of the link (see `ViewerLinkState`). */
  state?: unknown;
  testId: string;
  /** Laid over the 4:3 frame, absolutely positioned. */
  picture: ReactNode;
  title: string;
  meta: ReactNode;
}) {
  return (
    <Link
      to={to}
      state={state}
      className="card group flex flex-col overflow-hidden transition hover:border-rose-glow/40 hover:shadow-glow"
      data-testid={testId}
    >
      <div className={`relative ${CARD_PICTURES.compact} bg-ink-850`}>{picture}</div>
      <div className="p-4">
        <h3 className="truncate font-semibold text-ink-100 group-hover:text-rose-glow">{title}</h3>
        <p className="truncate text-xs text-ink-400">{meta}</p>
      </div>
    </Link>
  );
}

import { Fragment, type ReactNode, useDeferredValue } from 'react';
import { ArrowRight } from 'lucide-react';
import { Link } from '../../../components/ui/link';
import { MESSAGES } from '@baegen/shared';
import { CARD_PICTURES } from '../../../components/cards/card-pictures';
import { SkeletonGrid } from '../../../components/ui/skeleton';

const GRID = 'grid gap-4 sm:grid-cols-3 sm:gap-6';

export interface RecentSectionProps<T extends { $id: string }> {
  title: string;
  /** The page listing all of them. */
  viewAll: string;
  /** How many cards are shown (and skeletons while loading). */
  limit: number;
  emptyText: string;
  query: { data: T[] | undefined; isPending: boolean; isError: boolean };
  /** `index` is the card's place in the section, the first being on the page's first screen. */
  renderItem: (item: T, index: number) => ReactNode;
}

/** The newest few characters or media, with a "View All" link to their page. */
export function RecentSection<T extends { $id: string }>({
  title,
  viewAll,
  limit,
  emptyText,
  query,
  renderItem,
}: RecentSectionProps<T>) {
  const headingId = `recent-${title.toLowerCase().replace(/\s+/g, '-')}`;
  // The cards are drawn in a render of their own that yields to the browser every few milliseconds:
  // the query's answer arrives as an urgent update, which React would otherwise draw in one task.
  const data = useDeferredValue(query.data);
  const items = data?.slice(0, limit) ?? [];
  let body;
  if (data === undefined && !query.isError) {
    body = (
      <SkeletonGrid
        count={limit}
        className={GRID}
        label={`Loading ${title}`}
        picture={CARD_PICTURES.compact}
        compact
      />
    );
  } else if (query.isError || items.length === 0) {
    body = (
      <p className="card px-6 py-10 text-center text-ink-300">
        {query.isError ? MESSAGES.dashboard.loadFailed : emptyText}
      </p>
    );
  } else {
    body = (
      <div className={GRID}>
        {items.map((item, index) => (
          <Fragment key={item.$id}>{renderItem(item, index)}</Fragment>
        ))}
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="mt-12">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-semibold sm:text-2xl">
          {title}
        </h2>
        <Link
          to={viewAll}
          className="inline-flex items-center gap-1 text-sm font-medium text-rose-glow hover:underline"
          aria-label={`View All ${title}`}
        >
          View All <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {body}
    </section>
  );
}

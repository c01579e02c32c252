import { Fragment, type ReactNode, useEffect } from 'react';
import toast from 'react-hot-toast';
import { cn } from '../../lib/cn';
import type { PagedList } from '../../lib/use-paged-list';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { RetryState } from '../ui/retry-state';
import { SkeletonGrid } from '../ui/skeleton';
import { WindowedGrid, type WindowedGridProps } from './windowed-grid';

export interface ListGridProps<T extends { $id: string }> {
  list: PagedList<T>;
  /** What the list holds, for the loading state's label ("Loading characters"). */
  noun: string;
  skeletons: number;
  gridClassName: string;
  /** The aspect class of the cards' picture, which the loading skeletons take. */
  skeletonPicture: string;
  /** Shown in the error and the empty state. */
  icon: ReactNode;
  /** Toasted and shown when the list cannot be loaded; `toastId` keeps it to one toast. */
  loadFailed: { message: string; toastId: string };
  empty: { title: string; text: string; action: ReactNode };
  /** The count line, above the grid or below it beside "Load more". */
  summary: { text: string; placement: 'top' | 'bottom' };
  /** Fades the grid while the results of another search are on their way. */
  dimmed: boolean;
  /** `index` is the item's place in the list, for the first screen's pictures to load first. */
  renderItem: (item: T, index: number) => ReactNode;
  /** Draws only the rows near the screen and loads pages as the reader scrolls (long lists). */
  windowed?: Pick<WindowedGridProps<T>, 'columnsAt' | 'estimateRowHeight'>;
}

/** A paged list of cards: skeletons while loading, error and empty states, the grid and "Load more". */
export function ListGrid<T extends { $id: string }>({
  list,
  noun,
  skeletons,
  gridClassName,
  skeletonPicture,
  icon,
  loadFailed,
  empty,
  summary,
  dimmed,
  renderItem,
  windowed,
}: ListGridProps<T>) {
  const { message, toastId } = loadFailed;
  useEffect(() => {
    if (list.isError) toast.error(message, { id: toastId });
  }, [list.isError, message, toastId]);

  if (list.isPending) {
    return (
      <SkeletonGrid
        count={skeletons}
        className={gridClassName}
        label={`Loading ${noun}`}
        picture={skeletonPicture}
      />
    );
  }
  if (list.isError && list.items.length === 0) {
    return <RetryState icon={icon} title={message} onRetry={list.refetch} />;
  }
  if (list.items.length === 0) return <EmptyState icon={icon} {...empty} />;

  const count = (
    <p className={cn('text-sm text-ink-400', summary.placement === 'top' && 'mb-4')} aria-live="polite">
      {summary.text}
    </p>
  );
  if (windowed) {
    return (
      <>
        {summary.placement === 'top' ? count : null}
        <WindowedGrid
          list={list}
          {...windowed}
          className={cn('transition-opacity', dimmed && 'opacity-60')}
          renderItem={renderItem}
        />
        {summary.placement === 'bottom' ? <div className="mt-8 flex justify-center">{count}</div> : null}
      </>
    );
  }
  return (
    <>
      {summary.placement === 'top' ? count : null}
      <div
        className={cn(gridClassName, 'transition-opacity', dimmed && 'opacity-60')}
        aria-busy={dimmed || undefined}
      >
        {list.items.map((item, index) => (
          <Fragment key={item.$id}>{renderItem(item, index)}</Fragment>
        ))}
      </div>
      {summary.placement === 'bottom' || list.hasNextPage ? (
        <div className="mt-8 flex flex-col items-center gap-3">
          {summary.placement === 'bottom' ? count : null}
          {list.hasNextPage ? (
            <Button variant="secondary" onClick={list.fetchNextPage} loading={list.isFetchingNextPage}>
              Load more
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

import { Fragment, type ReactNode, memo, useEffect, useMemo, useRef, useState } from 'react';
import { type Rect, type Virtualizer, useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual';
import { cn } from '../../lib/cn';
import type { PagedList } from '../../lib/use-paged-list';
import { Button } from '../ui/button';

/** Rows kept rendered above and below the screen, so a fast scroll rarely shows a gap. */
const OVERSCAN_ROWS = 2;
/** The next page is asked for when the last row on screen is this close to the end. */
const PREFETCH_ROWS = 3;
/** The gap between rows, in px (Tailwind's gap-6). */
const ROW_GAP = 24;

/**
 * A drawn row's height, as the browser's ResizeObserver reports it once the row is laid out. Read
 * when React attaches the row instead (the virtualizer's default), it forced a layout in the middle
 * of the commit, and a row off its estimate drew the grid again in that same task: the longest task
 * of the gallery's first screen. Until the observer reports, a row keeps the height it has.
 */
function rowHeight(row: Element, entry: ResizeObserverEntry | undefined, grid: Virtualizer<Window, Element>) {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = grid.indexFromElement(row);
  return grid.itemSizeCache.get(grid.options.getItemKey(index)) ?? grid.options.estimateSize(index);
}

/**
 * The window's size for the virtualizer, first reported by a ResizeObserver once layout is done,
 * then on every resize. The virtualizer's own observer reads it at once, inside React's commit,
 * which forced the whole page's layout there: the gallery's longest task on a phone.
 */
function observeWindowSize(instance: Virtualizer<Window, Element>, report: (rect: Rect) => void) {
  const win = instance.scrollElement;
  if (!win) return;
  const update = () => report({ width: win.innerWidth, height: win.innerHeight });
  const observer = new ResizeObserver(update);
  observer.observe(win.document.documentElement);
  win.addEventListener('resize', update, { passive: true });
  return () => {
    observer.disconnect();
    win.removeEventListener('resize', update);
  };
}

/**
 * The window scrolled as the virtualizer asks, except to where it already is: the virtualizer does
 * that as it attaches, inside React's commit, and the scroll forced a layout there.
 */
const scrollWindow: typeof windowScroll = (offset, options, instance) => {
  if (offset === instance.scrollOffset && !options.adjustments) return;
  windowScroll(offset, options, instance);
};

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

interface RowItemsProps<T extends { $id: string }> {
  items: T[];
  /** The index of the row's first item in the whole list. */
  first: number;
  renderItem: (item: T, index: number) => ReactNode;
}

function RowItemsOf<T extends { $id: string }>({ items, first, renderItem }: RowItemsProps<T>): ReactNode {
  return items.map((item, column) => <Fragment key={item.$id}>{renderItem(item, first + column)}</Fragment>);
}

/** One row's cards, drawn again only when its items or the way to draw them change. */
// memo() drops the type parameter; the cast gives it back.
const RowItems = memo(RowItemsOf) as typeof RowItemsOf;

export interface WindowedGridProps<T extends { $id: string }> {
  list: PagedList<T>;
  /** Columns at a viewport width, as the list's grid classes lay them out. */
  columnsAt: (viewportWidth: number) => number;
  /** A first guess of a row's height in px; rows are measured once drawn. */
  estimateRowHeight: number;
  className?: string;
  renderItem: (item: T, index: number) => ReactNode;
}

/**
 * A grid that draws only the rows near the screen, however many items are loaded, and loads the
 * next page as the reader nears the end ("Load more" stays for keyboards and as a fallback).
 */
export function WindowedGrid<T extends { $id: string }>({
  list,
  columnsAt,
  estimateRowHeight,
  className,
  renderItem,
}: WindowedGridProps<T>) {
  const columns = columnsAt(useViewportWidth());
  // Kept while the items are: the virtualizer redraws this grid on its own (a row measured, a
  // scroll), and rows that did not change then skip drawing their cards again.
  const rows = useMemo(() => {
    const chunks: T[][] = [];
    for (let start = 0; start < list.items.length; start += columns) {
      chunks.push(list.items.slice(start, start + columns));
    }
    return chunks;
  }, [list.items, columns]);
  const container = useRef<HTMLDivElement>(null);
  // Where the grid starts on the page; whatever above it grows or shrinks moves it. Read in the
  // observer's callback, which comes once layout is done (and once at first): read in a layout
  // effect, it forced a layout inside the commit, and the state it set drew the grid a second time
  // before the first paint. Until then the grid counts from the page's top, which draws a few rows
  // more, never fewer.
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const observer = new ResizeObserver(() =>
      setOffset(container.current ? container.current.getBoundingClientRect().top + window.scrollY : 0),
    );
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    // The screen's height is a size known without a layout, and never short of the window's.
    initialRect: { width: 0, height: window.screen.height },
    observeElementRect: observeWindowSize,
    scrollToFn: scrollWindow,
    count: rows.length,
    estimateSize: () => estimateRowHeight + ROW_GAP,
    overscan: OVERSCAN_ROWS,
    scrollMargin: offset,
    measureElement: rowHeight,
    // A row measured or a scroll redraws the grid as an ordinary update, never synchronously
    // inside the observer's or the scroll's callback.
    useFlushSync: false,
  });
  const drawn = virtualizer.getVirtualItems();
  const lastDrawn = drawn.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastDrawn >= rows.length - PREFETCH_ROWS) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastDrawn, rows.length]);

  return (
    <>
      <div
        ref={container}
        className={cn('relative', className)}
        style={{ height: virtualizer.getTotalSize() }}
        data-testid="windowed-grid"
      >
        {drawn.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0 top-0 grid gap-6"
            style={{
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              paddingBottom: ROW_GAP,
            }}
          >
            <RowItems items={rows[row.index]!} first={row.index * columns} renderItem={renderItem} />
          </div>
        ))}
      </div>
      {hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button variant="secondary" onClick={fetchNextPage} loading={isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}

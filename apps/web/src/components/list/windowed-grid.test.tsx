import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PagedList } from '../../lib/use-paged-list';
import { fakePagedList } from '../../test/fake-paged-list';
import { WindowedGrid } from './windowed-grid';

type Item = { $id: string };

const pagedList = (count: number, overrides: Partial<PagedList<Item>> = {}) =>
  fakePagedList<Item>(
    Array.from({ length: count }, (_, i) => ({ $id: `item-${i}` })),
    overrides,
  );

const renderGrid = (list: PagedList<Item>) =>
  render(
    <WindowedGrid
      list={list}
      columnsAt={(width) => (width >= 1024 ? 4 : 1)}
      estimateRowHeight={500}
      renderItem={(item) => <p data-testid="cell">{item.$id}</p>}
    />,
  );

// jsdom lays nothing out and has no ResizeObserver. This one reports each observed row as 524 px
// tall when `layOut()` says the browser has laid the page out.
let observers: { callback: ResizeObserverCallback; targets: Set<Element> }[] = [];
function layOut() {
  act(() => {
    for (const { callback, targets } of observers) {
      const entries = [...targets].map(
        (target) =>
          ({ target, borderBoxSize: [{ blockSize: 524, inlineSize: 0 }] }) as unknown as ResizeObserverEntry,
      );
      callback(entries, {} as ResizeObserver);
    }
  });
}
beforeEach(() => {
  observers = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // jsdom's screen has no size; the grid counts with a phone's until the window's is read.
  vi.spyOn(window.screen, 'height', 'get').mockReturnValue(900);
  window.innerHeight = 768;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly targets = new Set<Element>();
      constructor(callback: ResizeObserverCallback) {
        observers.push({ callback, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.add(target);
      }
      unobserve(target: Element) {
        this.targets.delete(target);
      }
      disconnect() {
        this.targets.clear();
      }
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WindowedGrid', () => {
  it('draws only the rows near the screen of a long list, in rows of the layout', () => {
    window.innerWidth = 1440;
    renderGrid(pagedList(1000));
    const cells = screen.getAllByTestId('cell');
    // A 768 px screen holds two 524 px rows; two more are drawn below it in advance.
    expect(cells.length).toBeLessThanOrEqual(5 * 4);
    expect(cells[0]!.textContent).toBe('item-0');
    expect(cells[0]!.parentElement!.style.gridTemplateColumns).toBe('repeat(4, minmax(0, 1fr))');
    expect(screen.getByTestId('windowed-grid').style.height).toBe(`${250 * 524}px`);
  });

  it("counts the rows to draw with the window's height once the page is laid out", () => {
    window.innerWidth = 375;
    window.innerHeight = 3000;
    renderGrid(pagedList(50));
    // Before layout, by the screen's 900 px: two rows on it and two in advance.
    expect(screen.getAllByTestId('cell')).toHaveLength(4);
    layOut();
    // 3,000 px hold six 524 px rows, and two more are drawn in advance.
    expect(screen.getAllByTestId('cell')).toHaveLength(8);
  });

  it('asks for the next page once the end of what is loaded is on screen, and offers Load more', () => {
    window.innerWidth = 1440;
    const list = pagedList(8, { hasNextPage: true });
    renderGrid(list);
    expect(list.fetchNextPage).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('waits while a page is on its way', () => {
    window.innerWidth = 375;
    const list = pagedList(3, { hasNextPage: true, isFetchingNextPage: true });
    renderGrid(list);
    expect(list.fetchNextPage).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('cell')).toHaveLength(3);
  });

  it('moves rows to their measured place once laid out, without drawing their cards again', () => {
    window.innerWidth = 1440;
    const drawn: string[] = [];
    render(
      <WindowedGrid
        list={pagedList(8)}
        columnsAt={() => 4}
        // 24 px short of the 524 px each row measures: the virtualizer redraws once measured.
        estimateRowHeight={476}
        renderItem={(item) => {
          drawn.push(item.$id);
          return <p data-testid="cell">{item.$id}</p>;
        }}
      />,
    );
    const secondRow = () => screen.getAllByTestId('cell')[4]!.parentElement!;
    // Drawn at its estimate: attaching a row reads no layout.
    expect(secondRow().style.transform).toBe('translateY(500px)');
    layOut();
    expect(secondRow().style.transform).toBe('translateY(524px)');
    expect(screen.getByTestId('windowed-grid').style.height).toBe(`${2 * 524}px`);
    expect(screen.getAllByTestId('cell')).toHaveLength(8);
    expect(drawn.filter((id) => id === 'item-0')).toHaveLength(1);
  });
});

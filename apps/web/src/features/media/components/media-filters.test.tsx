import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAVORITE_LABELS, SORT_LABELS } from '@baegen/shared';
import { useSortParam } from '../../../lib/list-sort';
import { useMediaFilters } from '../use-media-filters';
import { currentUrl, renderAt } from '../../../test/router-kit';
import { MediaFilters } from './media-filters';

/** The filters of /media, wired to the URL as the page wires them. */
function Gallery() {
  const { filters, update, clear } = useMediaFilters();
  const { sort, setSort } = useSortParam();
  return (
    <MediaFilters
      filters={filters}
      characters={[]}
      onChange={update}
      onClear={clear}
      controls="grid"
      sort={sort}
      onSortChange={setSort}
    />
  );
}

const toggle = () => screen.getByRole('button', { name: FAVORITE_LABELS.filter });
const chips = () => screen.queryByRole('list', { name: 'Active filters' });

describe('MediaFilters: favourites and order', () => {
  it('puts the favourites filter in the URL and among the removable chips', () => {
    renderAt('/media?type=video', <Gallery />);
    expect(toggle().getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle());
    expect(currentUrl()).toBe('/media?type=video&favorite=true');
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    const active = within(chips()!);
    expect(active.getByText(FAVORITE_LABELS.filter)).toBeTruthy();

    fireEvent.click(active.getByRole('button', { name: `Remove filter ${FAVORITE_LABELS.filter}` }));
    expect(currentUrl()).toBe('/media?type=video');
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
  });

  it('reads the favourites filter and the order from the URL; Clear all keeps the order', () => {
    renderAt('/media?favorite=true&sort=oldest', <Gallery />);
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    const sort = screen.getByRole('combobox', { name: SORT_LABELS.control }) as HTMLSelectElement;
    expect(sort.value).toBe('oldest');

    fireEvent.click(within(chips()!).getByRole('button', { name: 'Clear all' }));
    expect(currentUrl()).toBe('/media?sort=oldest');
    expect(chips()).toBeNull();
  });

  it('takes any other favorite value as no filter', () => {
    renderAt('/media?favorite=yes', <Gallery />);
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(chips()).toBeNull();
  });
});

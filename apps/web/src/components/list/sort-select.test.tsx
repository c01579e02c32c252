import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SORT_LABELS } from '@baegen/shared';
import { useSortParam } from '../../lib/list-sort';
import { currentUrl, renderAt } from '../../test/router-kit';
import { SortSelect } from './sort-select';

/** The sort control of a list page, wired to the URL as the pages wire it. */
function SortedPage() {
  const { sort, setSort } = useSortParam();
  return <SortSelect value={sort} onChange={setSort} />;
}

const select = () => screen.getByRole('combobox', { name: SORT_LABELS.control }) as HTMLSelectElement;

describe('SortSelect with the sort in the URL', () => {
  it('offers newest and oldest first, newest by default', () => {
    renderAt('/media', <SortedPage />);
    expect(select().value).toBe('newest');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      SORT_LABELS.newest,
      SORT_LABELS.oldest,
    ]);
  });

  it('writes ?sort=oldest beside the other parameters, and leaves it out for newest first', () => {
    renderAt('/media?type=image', <SortedPage />);
    fireEvent.change(select(), { target: { value: 'oldest' } });
    expect(currentUrl()).toBe('/media?type=image&sort=oldest');
    expect(select().value).toBe('oldest');
    fireEvent.change(select(), { target: { value: 'newest' } });
    expect(currentUrl()).toBe('/media?type=image');
  });

  it('reads the order from the URL', () => {
    renderAt('/characters?sort=oldest', <SortedPage />);
    expect(select().value).toBe('oldest');
  });

  it('takes an unknown order as newest first', () => {
    renderAt('/characters?sort=sideways', <SortedPage />);
    expect(select().value).toBe('newest');
  });
});

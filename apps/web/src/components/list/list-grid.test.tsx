import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PagedList } from '../../lib/use-paged-list';
import { fakePagedList } from '../../test/fake-paged-list';
import { ListGrid, type ListGridProps } from './list-grid';

const toast = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast }));

type Item = { $id: string; name: string };

const list = (overrides: Partial<PagedList<Item>> = {}) => fakePagedList<Item>([], overrides);

function renderGrid(overrides: Partial<ListGridProps<Item>>) {
  return render(
    <ListGrid<Item>
      list={list()}
      noun="things"
      skeletons={3}
      gridClassName="grid"
      skeletonPicture="aspect-[3/4]"
      icon={null}
      loadFailed={{ message: 'Failed to load things', toastId: 'things' }}
      empty={{ title: 'No things yet', text: 'Make one.', action: null }}
      summary={{ text: '2 things', placement: 'top' }}
      dimmed={false}
      renderItem={(item) => <p>{item.name}</p>}
      {...overrides}
    />,
  );
}

describe('ListGrid', () => {
  it('shows skeleton cards while the first page loads', () => {
    renderGrid({ list: list({ isPending: true }) });
    expect(screen.getByRole('status', { name: 'Loading things' })).toBeTruthy();
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(3);
  });

  it('toasts a failure once and offers to try again', () => {
    const failed = list({ isError: true });
    renderGrid({ list: failed });
    expect(toast.error).toHaveBeenCalledWith('Failed to load things', { id: 'things' });
    expect(screen.getByRole('heading', { name: 'Failed to load things' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state when nothing matches', () => {
    renderGrid({});
    expect(screen.getByRole('heading', { name: 'No things yet' })).toBeTruthy();
    expect(screen.getByText('Make one.')).toBeTruthy();
  });

  it('shows the items, the count and "Load more" while the server has more', () => {
    const more = list({ items: [{ $id: 'a', name: 'Alpha' }], total: 2, hasNextPage: true });
    renderGrid({ list: more, summary: { text: 'Showing 1 of 2', placement: 'bottom' } });
    expect(screen.getByText('Alpha')).toBeTruthy();
    expect(screen.getByText('Showing 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(more.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('keeps the items of a failed refetch on screen, without "Load more" on the last page', () => {
    renderGrid({ list: list({ items: [{ $id: 'a', name: 'Alpha' }], total: 1, isError: true }) });
    expect(screen.getByText('Alpha')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

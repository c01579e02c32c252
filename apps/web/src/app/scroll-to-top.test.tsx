import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Link } from '../components/ui/link';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

describe('ScrollToTop', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('starts a new page at the top, but keeps the gallery where it was around the viewer', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/media?type=image']}>
        <ScrollToTop />
        <Link to="/media/m1?type=image">viewer</Link>
        <Link to="/media?type=image">gallery</Link>
        <Link to="/media/new">form</Link>
      </MemoryRouter>,
    );
    expect(scrollTo).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('viewer'));
    fireEvent.click(screen.getByText('gallery'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('form'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import type { MouseEvent, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Link } from './link';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>
  );
}

function renderLink(link: ReactNode) {
  render(
    <MemoryRouter initialEntries={['/media']}>
      <Routes>
        <Route path="*" element={link} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return screen.getByRole('link');
}

describe('Link', () => {
  it('points at its address and opens it in place, with its state', () => {
    const link = renderLink(
      <Link to="/media/m1?type=image" state={{ from: 'list' }} className="card">
        open
      </Link>,
    );
    expect(link.getAttribute('href')).toBe('/media/m1?type=image');
    expect(link.className).toBe('card');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/media/m1?type=image {"from":"list"}');
  });

  it('leaves a modified click to the browser', () => {
    const link = renderLink(<Link to="/dashboard">home</Link>);
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/media null');
  });

  it('runs its own click handler first and stays when that handler prevents the navigation', () => {
    const onClick = vi.fn((event: MouseEvent<HTMLAnchorElement>) => event.preventDefault());
    const link = renderLink(
      <Link to="/dashboard" onClick={onClick}>
        home
      </Link>,
    );
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByTestId('where').textContent).toBe('/media null');
  });
});

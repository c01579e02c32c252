import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';

/** The router's address, on screen for `currentUrl()` to read (a paragraph: an output is a status). */
export function CurrentUrl() {
  const { pathname, search } = useLocation();
  return <p data-testid="current-url">{pathname + search}</p>;
}

export const currentUrl = () => screen.getByTestId('current-url').textContent;

/** Renders `ui` in a router opened at `url`, the address beside it. */
export const renderAt = (url: string, ui: ReactNode) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      {ui}
      <CurrentUrl />
    </MemoryRouter>,
  );

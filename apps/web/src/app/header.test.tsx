import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADER_OPAQUE_AFTER_PX, ROUTES, shortenAddress } from '@baegen/shared';
import { useAuthStore } from '../features/auth/auth.store';
import { noContentResponse, stubFetch } from '../test/fake-api';
import { Header } from './header';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHeader(path: string = ROUTES.home) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <CurrentPath />
    </MemoryRouter>,
  );
}

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

describe('Header', () => {
  beforeEach(() => {
    useAuthStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it(`turns opaque only after ${HEADER_OPAQUE_AFTER_PX} px of scroll`, () => {
    renderHeader();
    const header = screen.getByTestId('site-header');
    expect(header.dataset.opaque).toBe('false');
    scrollTo(HEADER_OPAQUE_AFTER_PX);
    expect(header.dataset.opaque).toBe('false');
    scrollTo(HEADER_OPAQUE_AFTER_PX + 1);
    expect(header.dataset.opaque).toBe('true');
    scrollTo(0);
    expect(header.dataset.opaque).toBe('false');
  });

  it('turns opaque once idle on a page the browser opened scrolled down', () => {
    vi.useFakeTimers();
    try {
      window.scrollY = HEADER_OPAQUE_AFTER_PX + 1;
      renderHeader();
      const header = screen.getByTestId('site-header');
      expect(header.dataset.opaque).toBe('false');
      act(() => vi.advanceTimersByTime(3000));
      expect(header.dataset.opaque).toBe('true');
    } finally {
      window.scrollY = 0;
      vi.useRealTimers();
    }
  });

  it('sends a logged-out visitor to /login from any navigation item', () => {
    renderHeader();
    for (const name of ['Dashboard', 'Characters', 'Media', 'Chats']) {
      fireEvent.click(screen.getAllByRole('link', { name })[0]!);
      expect(screen.getByTestId('path').textContent).toBe(ROUTES.login);
    }
    expect(screen.getByRole('button', { name: 'Select Wallet' })).toBeTruthy();
  });

  it('highlights the item of the current section, subpaths included', () => {
    useAuthStore.setState({ isAuthenticated: true, userId: ADDRESS, walletAddress: ADDRESS });
    renderHeader('/characters/edit/abc');
    const main = screen.getByRole('navigation', { name: 'Main' });
    const current = main.querySelectorAll('[aria-current="page"]');
    expect([...current].map((link) => link.textContent)).toEqual(['Characters']);
  });

  it('shows the shortened address and logs out to the landing page when signed in', async () => {
    const fetchMock = stubFetch().mockResolvedValue(noContentResponse());
    useAuthStore.setState({ isAuthenticated: true, userId: ADDRESS, walletAddress: ADDRESS });
    renderHeader(ROUTES.media);
    expect(screen.getByTestId('header-address').textContent).toBe(shortenAddress(ADDRESS));
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByTestId('path').textContent).toBe(ROUTES.dashboard);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(ROUTES.home));
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('opens and closes the mobile menu', () => {
    renderHeader();
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByTestId('mobile-menu')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
  });
});

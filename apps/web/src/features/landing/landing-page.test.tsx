import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BETA_STATS,
  HERO_PHRASES,
  HERO_ROTATION_MS,
  LANDING_FEATURES,
  LANDING_PROMISES,
  ROUTES,
} from '@baegen/shared';
import { LandingPage } from './landing-page';

function renderLanding(isAuthenticated: boolean) {
  return render(
    <MemoryRouter>
      <LandingPage isAuthenticated={isAuthenticated} />
    </MemoryRouter>,
  );
}

describe('LandingPage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the beta statistics, the promises and the three feature blocks', () => {
    renderLanding(false);
    for (const stat of BETA_STATS) {
      expect(screen.getByText(stat.value)).toBeTruthy();
      expect(screen.getByText(stat.label)).toBeTruthy();
    }
    for (const promise of LANDING_PROMISES) expect(screen.getByText(promise)).toBeTruthy();
    const features = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(features).toEqual(LANDING_FEATURES.map((f) => f.title));
  });

  it('cycles the hero headline through the four phrases every 3 s', () => {
    renderLanding(false);
    const shown = [screen.getByTestId('hero-phrase').textContent];
    for (let step = 1; step < HERO_PHRASES.length; step++) {
      act(() => vi.advanceTimersByTime(HERO_ROTATION_MS));
      shown.push(screen.getByTestId('hero-phrase').textContent);
    }
    expect(shown).toEqual([...HERO_PHRASES]);
  });

  it('sends visitors to /login and signed-in users to /dashboard', () => {
    const { unmount } = renderLanding(false);
    expect(screen.getByTestId('hero-cta').getAttribute('href')).toBe(ROUTES.login);
    expect(screen.getByTestId('bottom-cta').getAttribute('href')).toBe(ROUTES.login);
    unmount();
    renderLanding(true);
    expect(screen.getByTestId('hero-cta').getAttribute('href')).toBe(ROUTES.dashboard);
    expect(screen.getByTestId('bottom-cta').getAttribute('href')).toBe(ROUTES.dashboard);
  });
});

import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@baegen/shared';
import { withFakeTimers } from '../../test/fake-timers';
import { LANDING } from './landing-content';
import { LandingPage } from './landing-page';

function renderLanding(isAuthenticated: boolean) {
  return render(
    <MemoryRouter>
      <LandingPage isAuthenticated={isAuthenticated} />
    </MemoryRouter>,
  );
}

describe('LandingPage', () => {
  withFakeTimers();

  it('shows the beta statistics, the promises and the three feature blocks', () => {
    renderLanding(false);
    for (const stat of LANDING.stats) {
      expect(screen.getByText(stat.value)).toBeTruthy();
      expect(screen.getByText(stat.label)).toBeTruthy();
    }
    for (const promise of LANDING.promises) expect(screen.getByText(promise.text)).toBeTruthy();
    const features = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(features).toEqual(LANDING.features.map((f) => f.title));
  });

  it('shows sample art sized up front and loaded lazily, AVIF first with a WebP fallback', () => {
    renderLanding(false);
    const strip = screen.getByRole('region', { name: /anywhere/ });
    const pictures = strip.querySelectorAll('picture');
    expect(pictures.length).toBeGreaterThanOrEqual(6);
    for (const picture of pictures) {
      const img = picture.querySelector('img')!;
      expect(img.alt).not.toBe('');
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['240', '320']);
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('src')).toMatch(/^\/sample-art\/.+\.webp$/);
      expect(picture.querySelector('source')!.getAttribute('type')).toBe('image/avif');
    }
  });

  it('cycles the hero headline through the four phrases every 3 s', () => {
    renderLanding(false);
    const shown = [screen.getByTestId('hero-phrase').textContent];
    for (let step = 1; step < LANDING.phrases.length; step++) {
      act(() => vi.advanceTimersByTime(LANDING.rotationMs));
      shown.push(screen.getByTestId('hero-phrase').textContent);
    }
    expect(shown).toEqual([...LANDING.phrases]);
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

import { Suspense, lazy } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_LOAD_FAILED } from '@baegen/shared';
import { LoadErrorBoundary, OptionalPart, PageLoadFailed } from './load-error-boundary';

// A part whose code never arrives, as after a dropped connection or a deploy.
const Unloadable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

const page = (resetKey: string, child = <Unloadable />) => (
  <LoadErrorBoundary fallback={<PageLoadFailed />} resetKey={resetKey}>
    <Suspense fallback={<p>Loading</p>}>{child}</Suspense>
  </LoadErrorBoundary>
);

beforeEach(() => {
  // React reports each error a boundary catches on the console.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('LoadErrorBoundary', () => {
  it('shows why a page could not load, and reloads on request', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(page('/media'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PAGE_LOAD_FAILED.title);
    expect(alert.textContent).toContain(PAGE_LOAD_FAILED.text);
    fireEvent.click(screen.getByRole('button', { name: PAGE_LOAD_FAILED.action }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('draws the next page once the path changes', async () => {
    const { rerender } = render(page('/media'));
    await screen.findByRole('alert');
    rerender(page('/dashboard', <h1>Dashboard</h1>));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves out an optional part that cannot load, and nothing beside it', async () => {
    render(
      <>
        <OptionalPart>
          <Unloadable />
        </OptionalPart>
        <p>The page itself</p>
      </>,
    );
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByText('The page itself')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

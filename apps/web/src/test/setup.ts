import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// jsdom has no matchMedia; components that ask for a media query (react-hot-toast's reduced-motion
// check, responsive hooks) get a query that never matches.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lays nothing out, so it has no scrollIntoView; a form that brings its first bad field into
// view calls it, and the tests look at focus.
if (typeof window !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

// The app loads its shared schemas on first use (api/lazy-schemas.ts). Loaded here once, a test's
// waits measure the component, not the first transform of zod.
beforeAll(async () => {
  await Promise.all([import('../api/contract-schemas'), import('../api/chat-schemas')]);
});

afterEach(() => {
  cleanup();
  // Files that opt into the node environment have no localStorage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});

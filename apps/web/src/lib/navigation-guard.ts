import { createContext } from 'react';
import type { Location, Navigator, To, UNSAFE_createBrowserHistory } from 'react-router';

/** What a page tests before a navigation leaves it: true holds the navigation for the user to decide. */
export type LeavePredicate = (current: Location, next: Location) => boolean;

export interface HeldNavigation {
  proceed(): void;
  reset(): void;
}

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];

/**
 * Holds navigations while a page asks before it is left: the links and `navigate()` calls of the
 * app's navigator, and the browser's Back and Forward, which have already moved when they are
 * heard and are moved back until the user decides. It does for the declarative router what
 * `useBlocker` does for the data router, which costs every page about 16 kB gzip of router code.
 */
export function createNavigationGuard(history: History) {
  let predicate: LeavePredicate | null = null;
  let held: HeldNavigation | null = null;
  // The location the app shows: Back has already changed the history's own when it is heard.
  let shown = history.location;
  // A pop this guard caused: moving a held Back back (not shown), or letting it through (shown).
  let ownPop: 'revert' | 'proceed' | null = null;
  const heldListeners = new Set<() => void>();
  let onUpdate: ((update: Update) => void) | null = null;

  const setHeld = (next: HeldNavigation | null) => {
    held = next;
    heldListeners.forEach((listener) => listener());
  };

  const hold = (go: () => void) =>
    setHeld({
      proceed: () => {
        setHeld(null);
        go();
      },
      reset: () => setHeld(null),
    });

  const holds = (next: Location) => predicate !== null && predicate(shown, next);

  const locationOf = (to: To, state: unknown): Location => ({
    ...shown,
    ...history.encodeLocation(to),
    state: state ?? null,
    key: 'held',
  });

  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push(to, state) {
      if (holds(locationOf(to, state))) hold(() => history.push(to, state));
      else history.push(to, state);
    },
    replace(to, state) {
      if (holds(locationOf(to, state))) hold(() => history.replace(to, state));
      else history.replace(to, state);
    },
  };

  const onHistory = (update: Update) => {
    if (update.action === 'POP') {
      const own = ownPop;
      ownPop = null;
      if (own === 'revert') return;
      if (own === null && update.delta !== null && holds(update.location)) {
        const delta = update.delta;
        ownPop = 'revert';
        history.go(-delta);
        hold(() => {
          ownPop = 'proceed';
          history.go(delta);
        });
        return;
      }
    }
    shown = update.location;
    onUpdate?.(update);
  };

  return {
    navigator,
    /** What the router starts from. */
    current: () => ({ action: history.action, location: history.location }),
    /** The router's one listener (a browser history takes only one). */
    listen(listener: (update: Update) => void) {
      onUpdate = listener;
      const stop = history.listen(onHistory);
      return () => {
        onUpdate = null;
        stop();
      };
    },
    /** Registers the predicate of the page on screen; returns its removal. */
    block(next: LeavePredicate) {
      predicate = next;
      return () => {
        if (predicate === next) predicate = null;
        setHeld(null);
      };
    },
    held: () => held,
    subscribe(listener: () => void) {
      heldListeners.add(listener);
      return () => heldListeners.delete(listener);
    },
  };
}

export type NavigationGuard = ReturnType<typeof createNavigationGuard>;

export const NavigationGuardContext = createContext<NavigationGuard | null>(null);

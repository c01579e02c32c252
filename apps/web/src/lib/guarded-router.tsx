import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import { Router } from 'react-router';
import { NavigationGuardContext, type NavigationGuard } from './navigation-guard';

/**
 * The app's router: react-router's declarative BrowserRouter, with every navigation passing
 * through a navigation guard so a page can ask before it is left (see navigation-guard.ts).
 */
export function GuardedRouter({ guard, children }: { guard: NavigationGuard; children: ReactNode }) {
  const [state, setState] = useState(guard.current);
  useLayoutEffect(() => guard.listen((update) => startTransition(() => setState(update))), [guard]);
  return (
    <NavigationGuardContext.Provider value={guard}>
      <Router location={state.location} navigationType={state.action} navigator={guard.navigator}>
        {children}
      </Router>
    </NavigationGuardContext.Provider>
  );
}

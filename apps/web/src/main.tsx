import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import './index.css';

/** How long a cold load of a page loaded on demand waits for its code before drawing anything. */
const ROUTE_CODE_WAIT_MS = 1000;

function render() {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is built, so a press or a paint never waits long.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// The page's code is already on its way (the server announces it in the page). Drawn before it
// arrives, the page would show its loading state, and React then holds the page itself back for up
// to 300 ms (its Suspense reveal throttle), its lists being asked for only after that.
void Promise.race([
  preloadRoute(window.location.pathname).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, ROUTE_CODE_WAIT_MS)),
]).then(render);

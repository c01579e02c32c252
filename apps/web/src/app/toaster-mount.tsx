import { lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ROUTES } from '@baegen/shared';
import { useIdle } from '../lib/when-idle';
import { OptionalPart } from './load-error-boundary';

const AppToaster = lazy(async () => ({ default: (await import('./app-toaster')).AppToaster }));

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

// Pages that never toast before the visitor does something: the landing page, and /login, whose
// toasts answer a press on its buttons.
const QUIET_PAGES: readonly string[] = [ROUTES.home, ROUTES.login];

/**
 * Mounts the toaster once it can be needed: on any page but the quiet ones once the browser is
 * first idle, and on any page after the first interaction. Their first load skips react-hot-toast; toasts raised before the toaster
 * mounts wait in react-hot-toast's store and show when it does.
 */
export function ToasterMount() {
  const { pathname } = useLocation();
  const [interacted, setInteracted] = useState(false);
  const quiet = QUIET_PAGES.includes(pathname);
  // Elsewhere it waits for the browser's first idle period, which comes after the page's first screen.
  const idle = useIdle();
  const needed = interacted || (!quiet && idle);

  useEffect(() => {
    if (needed) return;
    const onInteraction = () => setInteracted(true);
    INTERACTIONS.forEach((type) =>
      window.addEventListener(type, onInteraction, { once: true, capture: true }),
    );
    return () =>
      INTERACTIONS.forEach((type) => window.removeEventListener(type, onInteraction, { capture: true }));
  }, [needed]);

  useEffect(() => {
    if (!quiet && idle) setInteracted(true);
  }, [quiet, idle]);

  if (!needed) return null;
  // Toasts are an extra: if the toaster's code cannot load, the page goes on without them.
  return (
    <OptionalPart>
      <AppToaster />
    </OptionalPart>
  );
}

import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ROUTES } from '@baegen/shared';

const AppToaster = lazy(async () => ({ default: (await import('./app-toaster')).AppToaster }));

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/**
 * Mounts the toaster once it can be needed: on any page but the landing page, or after the first
 * interaction there. Reading the landing page never toasts, so its first load skips react-hot-toast's
 * UI; toasts raised before the toaster mounts wait in react-hot-toast's store and show when it does.
 */
export function ToasterMount() {
  const { pathname } = useLocation();
  const [interacted, setInteracted] = useState(false);
  const needed = interacted || pathname !== ROUTES.home;

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
    if (pathname !== ROUTES.home) setInteracted(true);
  }, [pathname]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

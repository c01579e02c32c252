import { type RefObject, useEffect, useRef } from 'react';

/**
 * What a full-screen view needs around it while mounted: the page behind it does not scroll (and
 * leaves the tab's name to it), focus starts on `initialFocus` and, when the view closes, goes back
 * to `returnTarget()` (the gallery card of the media last shown) or to where it came from.
 */
export function useViewerShell({
  title,
  initialFocus,
  returnTarget,
}: {
  title: string;
  initialFocus: RefObject<HTMLElement | null>;
  returnTarget: () => HTMLElement | null;
}) {
  const latestReturn = useRef(returnTarget);
  useEffect(() => {
    latestReturn.current = returnTarget;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    initialFocus.current?.focus();
    return () => {
      root.style.overflow = previousOverflow;
      const target = latestReturn.current() ?? (opener?.isConnected ? opener : null);
      // Focusing scrolls the card into view, should the viewer have moved on past it.
      target?.focus();
    };
    // Once per opening: moving to the next media keeps the page behind as it is.
  }, [initialFocus]);

  useEffect(() => {
    document.title = title;
  }, [title]);
}

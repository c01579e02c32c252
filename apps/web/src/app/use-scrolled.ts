import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle';

/** True once the window has scrolled more than `threshold` pixels. */
export function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    window.addEventListener('scroll', update, { passive: true });
    // Reading the scroll position lays the page out. Read as the page mounts, that layout came in
    // the middle of its first render: some 20 ms of a mid-range phone's main thread, for a page that
    // almost always opens at the top. A page the browser restored lower down is read once idle.
    const cancel = whenIdle(update);
    return () => {
      cancel();
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);
  return scrolled;
}

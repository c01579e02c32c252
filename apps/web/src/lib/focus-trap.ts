import type { KeyboardEvent } from 'react';

/**
 * Keeps Tab and Shift+Tab cycling inside `container` (a dialog): from its last control back to
 * its first and the other way round. A native modal <dialog> alone lets Tab leave for the browser.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null) {
  if (event.key !== 'Tab' || !container) return;
  const focusable = [
    ...container.querySelectorAll<HTMLElement>('button:not(:disabled), a[href], input, select, textarea'),
  ].filter((element) => element.tabIndex >= 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

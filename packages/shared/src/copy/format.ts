import { DATE_FORMAT, DATE_LOCALE, ELLIPSIS } from './ui';

/** Strings of 10 or more characters become first four + "..." + last four (docs/product.md §2.4). */
export function shortenAddress(value: string): string {
  if (value.length < 10) return value;
  return `${value.slice(0, 4)}${ELLIPSIS}${value.slice(-4)}`;
}

/** Cuts text at `max` characters and appends "..." when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}${ELLIPSIS}` : text;
}

// One formatter for every date: `toLocaleDateString` with options builds a new one per call, which
// cost a card list's first render a few milliseconds per card on a phone.
let dateFormat: Intl.DateTimeFormat | undefined;

/** Short month, day, year in en-US, e.g. "Nov 21, 2026". */
export function formatDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat(DATE_LOCALE, DATE_FORMAT);
  return dateFormat.format(new Date(iso));
}

import { type KeyMatcher, keyMatcher, scanText } from './lorebook-keys';

/**
 * A card's `character_book` (Character Card V2/V3). Cards come from anywhere, so every field is
 * read defensively: a missing or mistyped field takes the specification's default.
 */
export interface CharacterBook {
  scan_depth?: number;
  token_budget?: number;
  entries: Record<string, unknown>[];
  [key: string]: unknown;
}

export type LorePosition = 'before_char' | 'after_char';

export interface LoreEntry {
  /** Its name, comment or id, or its place in the book: what the prompt reports as used. */
  label: string;
  content: string;
  position: LorePosition;
  order: number;
}

export interface SelectedLore {
  before: LoreEntry[];
  after: LoreEntry[];
  labels: string[];
  tokens: number;
}

const DEFAULT_SCAN_DEPTH = 2;

interface Entry extends LoreEntry {
  constant: boolean;
  enabled: boolean;
  selective: boolean;
  keys: KeyMatcher[];
  secondaryKeys: KeyMatcher[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function readEntry(raw: Record<string, unknown>, index: number): Entry | null {
  if (typeof raw.content !== 'string' || !raw.content.trim()) return null;
  const options = { caseSensitive: raw.case_sensitive === true, useRegex: raw.use_regex === true };
  const named = [raw.name, raw.comment].find((value) => typeof value === 'string' && value.trim());
  const id = finite(raw.id) ?? (typeof raw.id === 'string' && raw.id ? raw.id : undefined);
  return {
    label: (named as string | undefined)?.trim() ?? String(id ?? index),
    content: raw.content.trim(),
    position: raw.position === 'before_char' ? 'before_char' : 'after_char',
    order: finite(raw.insertion_order) ?? 100,
    constant: raw.constant === true,
    // The specification makes `enabled` required; a card that leaves it out means the entry to work.
    enabled: raw.enabled !== false,
    selective: raw.selective === true,
    keys: strings(raw.keys).map((key) => keyMatcher(key, options)),
    secondaryKeys: strings(raw.secondary_keys).map((key) => keyMatcher(key, options)),
  };
}

/**
 * The entries a reply uses (SillyTavern's rules for a character book): an enabled entry is on when
 * it is `constant`, or when one of its keys occurs in the last `scan_depth` messages and, for a
 * `selective` entry, one of its `secondary_keys` too. Higher `insertion_order` is served first
 * from `budgetTokens` (an entry that does not fit is left out, a smaller one may still fit); the
 * chosen entries come back in ascending `insertion_order`, split by position.
 */
export function selectLore(
  book: CharacterBook | null | undefined,
  messages: readonly string[],
  budgetTokens: number,
  countTokens: (text: string) => number,
): SelectedLore {
  const selected: SelectedLore = { before: [], after: [], labels: [], tokens: 0 };
  if (!book || !Array.isArray(book.entries)) return selected;
  const depth = Math.max(0, Math.floor(finite(book.scan_depth) ?? DEFAULT_SCAN_DEPTH));
  const scanned = scanText(depth === 0 ? '' : messages.slice(-depth).join('\n'));
  const occurs = (keys: KeyMatcher[]) => keys.some((matches) => matches(scanned));
  // As in SillyTavern, a selective entry without secondary keys goes by its primary keys alone.
  const secondaryHolds = (entry: Entry) =>
    !entry.selective || entry.secondaryKeys.length === 0 || occurs(entry.secondaryKeys);
  const budget = Math.min(budgetTokens, finite(book.token_budget) ?? Infinity);

  const active = book.entries
    .map((raw, index) => (raw && typeof raw === 'object' ? readEntry(raw, index) : null))
    .filter((entry): entry is Entry => entry !== null && entry.enabled)
    .filter((entry) => entry.constant || (occurs(entry.keys) && secondaryHolds(entry)));

  // A stable sort keeps the book's own order among entries of equal insertion_order.
  const chosen: Entry[] = [];
  for (const entry of [...active].sort((a, b) => b.order - a.order)) {
    const tokens = countTokens(entry.content);
    if (selected.tokens + tokens > budget) continue;
    selected.tokens += tokens;
    chosen.push(entry);
  }
  for (const entry of chosen.sort((a, b) => a.order - b.order)) {
    const { label, content, position, order } = entry;
    (position === 'before_char' ? selected.before : selected.after).push({ label, content, position, order });
    selected.labels.push(label);
  }
  return selected;
}

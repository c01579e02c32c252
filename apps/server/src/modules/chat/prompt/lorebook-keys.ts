/** The text a lorebook scans, with its lower-case copy made once for every case-insensitive key. */
export interface ScanText {
  text: string;
  lower: string;
}

export const scanText = (text: string): ScanText => ({ text, lower: text.toLowerCase() });

/** Tells whether one lorebook key occurs in the scanned text. */
export type KeyMatcher = (scan: ScanText) => boolean;

const never: KeyMatcher = () => false;

/** `/pattern/flags`, as SillyTavern writes a regex key. */
const SLASHED = /^\/(.+)\/([a-z]*)$/s;

/**
 * Regex keys come from imported cards and run on the server against the user's words, so a
 * pattern that can backtrack exponentially would stall every chat of the instance. Refused (never
 * matching): back-references, and a group repeated without bound (`*`, `+`, `{n,}`) that itself
 * holds a quantifier or an alternation, as `(a+)+` and `(a|a)*` do. Keys in lorebooks are words
 * and simple patterns, which this leaves alone.
 */
export function isSafePattern(source: string): boolean {
  if (/\\[1-9]|\\k</.test(source)) return false;
  const groups: { risky: boolean }[] = [];
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') {
      i += 1;
    } else if (char === '[') {
      // A character class holds no groups or quantifiers; skip to its end.
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
    } else if (char === '(') {
      groups.push({ risky: false });
      // `(?:`, `(?=`, `(?<name>` and the like: their `?` quantifies nothing.
      if (source[i + 1] === '?') i += source[i + 2] === '<' && /[=!]/.test(source[i + 3] ?? '') ? 3 : 2;
    } else if (char === ')') {
      const group = groups.pop();
      const unbounded = /^(?:[*+]|\{\d+,\})/.test(source.slice(i + 1));
      if (group?.risky && unbounded) return false;
      const parent = groups[groups.length - 1];
      if (parent && (group?.risky || unbounded)) parent.risky = true;
    } else if (char === '|' || char === '*' || char === '+' || char === '?' || char === '{') {
      const current = groups[groups.length - 1];
      if (current) current.risky = true;
    }
  }
  return true;
}

/** Longest text a regex key is run against: the newest part of it, which is what the scan is for. */
const REGEX_SCAN_CHARS = 4000;

function regexMatcher(source: string, flags: string): KeyMatcher {
  if (!isSafePattern(source)) return never;
  try {
    // `g` and `y` make test() stateful between calls; they mean nothing for "does it occur".
    const pattern = new RegExp(source, flags.replace(/[gy]/g, ''));
    return ({ text }) => pattern.test(text.length > REGEX_SCAN_CHARS ? text.slice(-REGEX_SCAN_CHARS) : text);
  } catch {
    return never;
  }
}

/**
 * A key as SillyTavern reads it: `/pattern/flags` is a regex (a V3 entry with `use_regex` makes
 * every key one); any other key is a substring, ignoring case unless `case_sensitive`. An empty
 * key or a pattern that does not compile never matches.
 */
export function keyMatcher(key: string, options: { caseSensitive: boolean; useRegex: boolean }): KeyMatcher {
  const slashed = SLASHED.exec(key);
  if (slashed) return regexMatcher(slashed[1]!, slashed[2]!);
  if (options.useRegex && key) return regexMatcher(key, options.caseSensitive ? '' : 'i');
  const needle = options.caseSensitive ? key : key.toLowerCase();
  if (!needle.trim()) return never;
  return options.caseSensitive ? ({ text }) => text.includes(needle) : ({ lower }) => lower.includes(needle);
}

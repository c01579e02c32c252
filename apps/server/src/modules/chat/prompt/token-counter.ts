/** Counts tokens the way the default chat model (o200k_base, the GPT-4o and GPT-4.1 family) does. */
export interface TokenCounter {
  count(text: string): number;
  /** The tokens one chat turn takes: its text and the few the chat format wraps around it. */
  countTurn(text: string): number;
}

/** What OpenAI's chat format adds around every message (role and separators). */
export const TURN_OVERHEAD_TOKENS = 4;

/**
 * Messages are counted again on every reply of a chat; remembering their counts (by their text,
 * up to this many characters in all) makes a long chat cost only its new messages.
 */
const CACHE_CHARS = 4_000_000;

function cachingCounter(countTokens: (text: string) => number): TokenCounter {
  const cache = new Map<string, number>();
  let cachedChars = 0;
  const count = (text: string): number => {
    const known = cache.get(text);
    if (known !== undefined) {
      // Moved to the end, so the first keys are always the least recently used.
      cache.delete(text);
      cache.set(text, known);
      return known;
    }
    const counted = countTokens(text);
    cache.set(text, counted);
    cachedChars += text.length;
    for (const key of cache.keys()) {
      if (cachedChars <= CACHE_CHARS) break;
      cache.delete(key);
      cachedChars -= key.length;
    }
    return counted;
  };
  return { count, countTurn: (text) => count(text) + TURN_OVERHEAD_TOKENS };
}

let loading: Promise<TokenCounter> | undefined;

/**
 * The shared counter. Its vocabulary is a 2.4 MB module that takes a second or more to parse, so
 * it is loaded on first use rather than at boot, where it would double the cold start.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then(({ countTokens }) => {
    // Text that spells a special token (`<|endoftext|>`) is counted as plain text, not refused.
    const asPlainText = { disallowedSpecial: new Set<string>() };
    return cachingCounter((text) => countTokens(text, asPlainText));
  });
  return loading;
}

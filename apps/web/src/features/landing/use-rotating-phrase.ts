import { useEffect, useState } from 'react';

/** Cycles through `phrases`, advancing every `intervalMs`; returns the current phrase and its index. */
export function useRotatingPhrase<T>(phrases: readonly T[], intervalMs: number) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % phrases.length), intervalMs);
    return () => clearInterval(timer);
  }, [phrases.length, intervalMs]);
  return { phrase: phrases[index] as T, index };
}

import { describe, expect, it } from 'vitest';
import { TURN_OVERHEAD_TOKENS, loadTokenCounter } from './token-counter';

describe('the token counter', () => {
  it('counts with the o200k_base vocabulary, and the same text the same every time', async () => {
    const tokens = await loadTokenCounter();
    expect(tokens.count('hello world')).toBe(2);
    const long = 'The keeper climbs the stairs of the lighthouse every evening. '.repeat(10);
    expect(tokens.count(long)).toBe(tokens.count(long));
    expect(tokens.countTurn(long)).toBe(tokens.count(long) + TURN_OVERHEAD_TOKENS);
  });

  it('counts text that spells a special token as plain text', async () => {
    const tokens = await loadTokenCounter();
    expect(tokens.count('a <|endoftext|> b')).toBeGreaterThan(3);
  });

  it('is loaded once', async () => {
    expect(await loadTokenCounter()).toBe(await loadTokenCounter());
  });
});

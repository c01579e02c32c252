import { describe, expect, it } from 'vitest';
import { characterInputSchema, isSafeText, listQuerySchema, safeText } from './schemas';

describe('isSafeText', () => {
  it('accepts any well-formed text, pairs outside the basic plane included', () => {
    for (const text of ['', 'Luna', 'ÿ € 中文', '🌙', 'a🌙b🌙', '\ud83c\udf19'])
      expect(isSafeText(text), text).toBe(true);
  });

  it('refuses NUL and every unpaired surrogate, wherever it sits', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\ud800',
      '\ud800x',
      '\udc00',
      'x\udc00',
      '🌙\udc00',
      '\ud800\ud800\udc00',
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('safeText', () => {
  it('keeps the string checks chained after it', () => {
    expect(safeText().max(3).safeParse('abcd').success).toBe(false);
    expect(safeText().trim().parse('  a ')).toBe('a');
  });

  it('guards the request schemas', () => {
    expect(listQuerySchema.safeParse({ search: 'a\u0000' }).success).toBe(false);
    const refused = characterInputSchema.safeParse({ name: '\ud800x', appearance: 'a' });
    expect(refused.error?.issues[0]?.message).toBe(
      'Text must not contain NUL characters or unpaired surrogates',
    );
  });
});

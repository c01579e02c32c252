import { describe, expect, it } from 'vitest';
import { LIST_LIMIT } from './constants';
import { API_MESSAGES } from './messages';
import {
  characterInputSchema,
  characterListQuerySchema,
  characterPatchSchema,
  favoritePatchSchema,
  isSafeText,
  listQuerySchema,
  mediaListQuerySchema,
  safeText,
} from './schemas';

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

describe('favourites and sorting', () => {
  it('reads sort and favorite from a list query, newest and unfiltered by default', () => {
    expect(mediaListQuerySchema.parse({})).toEqual({ limit: LIST_LIMIT, sort: 'newest' });
    expect(characterListQuerySchema.parse({ sort: 'oldest', favorite: 'true' })).toMatchObject({
      sort: 'oldest',
      favorite: true,
    });
    expect(mediaListQuerySchema.parse({ favorite: 'false' }).favorite).toBe(false);
    for (const query of [{ sort: 'Oldest' }, { favorite: '1' }, { favorite: 'yes' }]) {
      expect(mediaListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('takes {favorite} alone as a star and anything else as the full edit of a character', () => {
    expect(characterPatchSchema.parse({ favorite: true })).toEqual({ favorite: true });
    expect(characterPatchSchema.parse({ name: 'Luna', appearance: 'silver hair' })).toMatchObject({
      name: 'Luna',
      appearance: 'silver hair',
      description: '',
    });
    const refused = characterPatchSchema.safeParse({ name: 'Luna', favorite: true });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      API_MESSAGES.characters.nameAndAppearanceRequired,
    ]);
    expect(characterPatchSchema.safeParse({ favorite: 'true' }).success).toBe(false);
    expect(favoritePatchSchema.safeParse({ favorite: true, prompt: 'x' }).success).toBe(false);
  });
});

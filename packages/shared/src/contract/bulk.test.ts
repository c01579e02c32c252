import { describe, expect, it } from 'vitest';
import { bulkIdsSchema } from './bulk';
import { BULK_MAX_IDS } from './constants';

const ids = (count: number) => Array.from({ length: count }, (_, index) => `id${index}`);

describe('bulkIdsSchema', () => {
  it('takes 1 to BULK_MAX_IDS distinct ids', () => {
    expect(bulkIdsSchema.parse({ ids: ['a'] })).toEqual({ ids: ['a'] });
    expect(bulkIdsSchema.safeParse({ ids: ids(BULK_MAX_IDS) }).success).toBe(true);
  });

  it('refuses no ids, too many, a repeated id, an empty id and text with NUL', () => {
    for (const value of [[], ids(BULK_MAX_IDS + 1), ['a', 'b', 'a'], [''], ['a\u0000']]) {
      expect(bulkIdsSchema.safeParse({ ids: value }).success, JSON.stringify(value)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { priorityAt } from './card-pictures';

describe('priorityAt', () => {
  it('fetches the first card first, the rest of the first screen at once, the others lazily', () => {
    expect([0, 1, 3, 4, 40].map((index) => priorityAt(index, 4))).toEqual([
      'lcp',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });
});

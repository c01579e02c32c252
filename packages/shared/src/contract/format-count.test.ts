import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups digits as en-US does', () => {
    for (const value of [
      0, 7, 999, 1000, 12000, 20971520, 100000, 1234567, 987654321012, -1, -1234, -999999,
    ]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});

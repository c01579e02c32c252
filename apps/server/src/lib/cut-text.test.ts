import { describe, expect, it } from 'vitest';
import { cutText } from './cut-text';

describe('cutText', () => {
  it('keeps text that fits, and cuts longer text between characters as a reader sees them', () => {
    expect(cutText('short', 10)).toBe('short');
    expect(cutText('abc🌙', 4)).toBe('abc');
    expect(cutText('abe\u0301', 3)).toBe('ab');
    expect(cutText('a👩‍👩‍👧', 7)).toBe('a');
    expect(cutText('a👩‍👩‍👧b', 9)).toBe('a👩‍👩‍👧');
  });
});

import { describe, expect, it } from 'vitest';
import { jsonNestedDeeperThan } from './json-depth';

describe('jsonNestedDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestedDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestedDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestedDeeperThan(JSON.stringify({ text: 'a quote \\" then [[[[' }), 1)).toBe(false);
    expect(jsonNestedDeeperThan(`${'['.repeat(5000)}${']'.repeat(5000)}`, 64)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { userIdFromAddress } from './user-id';

describe('userIdFromAddress', () => {
  it('removes every non-alphanumeric character', () => {
    expect(userIdFromAddress('ab-c_d.e 9')).toBe('abcde9');
  });
});

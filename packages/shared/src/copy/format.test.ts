import { describe, expect, it } from 'vitest';
import { formatDate, shortenAddress, truncate } from './format';

describe('shortenAddress', () => {
  it('shortens strings of 10 or more characters to first four + "..." + last four', () => {
    expect(shortenAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe('7xKX...gAsU');
    expect(shortenAddress('0123456789')).toBe('0123...6789');
  });
  it('leaves shorter strings alone', () => {
    expect(shortenAddress('012345678')).toBe('012345678');
    expect(shortenAddress('')).toBe('');
  });
});

describe('truncate', () => {
  it('cuts at the limit and appends "..."', () => {
    expect(truncate('a'.repeat(101), 100)).toBe(`${'a'.repeat(100)}...`);
  });
  it('keeps text at or under the limit', () => {
    expect(truncate('a'.repeat(100), 100)).toBe('a'.repeat(100));
  });
});

describe('formatDate', () => {
  it('uses the en-US short month form', () => {
    expect(formatDate('2026-11-21T12:00:00.000Z')).toBe('Nov 21, 2026');
  });
  it('writes every month and day as Intl does, in the local time zone', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let day = 0; day < 366; day += 1) {
      for (const hour of ['00:30', '12:00', '23:30']) {
        const iso = new Date(Date.parse(`2024-01-01T${hour}:00.000Z`) + day * 86_400_000).toISOString();
        expect(formatDate(iso)).toBe(intl.format(new Date(iso)));
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { RETRY, backoffMs, isRetryableStatus, retryAfterMs } from './retry-policy';

describe('retry policy', () => {
  it.each([
    [{ 'retry-after': '2' }, 2000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after-ms': '1234', 'retry-after': '9' }, 1234],
    [{ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, 5000],
    [{ 'retry-after': 'Wed, 31 Dec 2025 00:00:00 GMT' }, 0],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
  ])('reads %o as %s ms', (headers, ms) => {
    expect(retryAfterMs(new Headers(headers), Date.parse('2026-01-01T00:00:00Z'))).toBe(ms);
  });

  it('backs off exponentially with jitter, up to a cap, never below what the server asked', () => {
    expect([0, 1, 2, 3].map((retry) => backoffMs(retry, () => 0))).toEqual([250, 500, 1000, 2000]);
    expect([0, 1, 2, 3].map((retry) => backoffMs(retry, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(10, () => 1)).toBe(RETRY.maxDelayMs);
    expect(backoffMs(0, () => 1, 3000)).toBe(3000);
  });

  it.each([
    [429, true],
    [408, true],
    [500, true],
    [503, true],
    [400, false],
    [401, false],
    [402, false],
    [404, false],
  ])('status %i is retried: %s', (status, retried) => {
    expect(isRetryableStatus(status)).toBe(retried);
  });
});

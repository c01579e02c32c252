import { afterEach, beforeEach, vi } from 'vitest';

/** Fake timers for each test of the enclosing describe block, real ones again after it. */
export function withFakeTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

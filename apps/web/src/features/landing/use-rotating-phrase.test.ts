import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HERO_PHRASES, HERO_ROTATION_MS } from '@baegen/shared';
import { withFakeTimers } from '../../test/fake-timers';
import { useRotatingPhrase } from './use-rotating-phrase';

describe('useRotatingPhrase', () => {
  withFakeTimers();

  it('starts on the first phrase and advances in order every interval, wrapping around', () => {
    const { result } = renderHook(() => useRotatingPhrase(HERO_PHRASES, HERO_ROTATION_MS));
    expect(result.current).toEqual({ phrase: 'Dream Bae', index: 0 });

    const seen: string[] = [];
    for (let step = 0; step < HERO_PHRASES.length; step++) {
      act(() => vi.advanceTimersByTime(HERO_ROTATION_MS));
      seen.push(result.current.phrase);
    }
    expect(seen).toEqual(['Perfect Match', 'Ideal Partner', 'Fantasy Bae', 'Dream Bae']);
  });

  it('keeps the phrase until the full interval has passed', () => {
    const { result } = renderHook(() => useRotatingPhrase(HERO_PHRASES, HERO_ROTATION_MS));
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS - 1));
    expect(result.current.phrase).toBe(HERO_PHRASES[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.phrase).toBe(HERO_PHRASES[1]);
  });

  it('rotates every 3 seconds as docs/product.md §9.5 says', () => {
    expect(HERO_ROTATION_MS).toBe(3000);
  });

  it('stops its timer on unmount', () => {
    const { unmount } = renderHook(() => useRotatingPhrase(HERO_PHRASES, HERO_ROTATION_MS));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

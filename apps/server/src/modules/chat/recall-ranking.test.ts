import { describe, expect, it } from 'vitest';
import { rankCandidates, termWeight } from './recall-ranking';

describe('recall ranking', () => {
  it('weighs a rare term above a common one, and gives a term in half the chat no weight', () => {
    expect(termWeight(1000, 2)).toBeGreaterThan(termWeight(1000, 200));
    expect(termWeight(1000, 500)).toBe(0);
    expect(termWeight(1000, 900)).toBe(0);
  });

  it('ranks by the summed weights of the terms a message holds, then newest first', () => {
    const ranked = rankCandidates([[5, 40, 90, 120], [5], [5, 40, 70]], { chatSize: 1000, cap: 100 });
    expect(ranked).toEqual([5, 40, 70, 120, 90]);
  });

  it('leaves out a term too common to read whole, keeping what the rarer ones found', () => {
    const common = Array.from({ length: 11 }, (_, index) => index + 100);
    expect(rankCandidates([common, [5], [7, 8]], { chatSize: 1000, cap: 10 })).toEqual([5, 8, 7]);
    expect(rankCandidates([[1, 2, 3, 4, 5, 6]], { chatSize: 10, cap: 10 })).toEqual([]);
  });

  it('stops once it holds as many candidates as it may rank, the commonest terms left out', () => {
    const ranked = rankCandidates([[6], [1, 2, 3], [4, 5]], { chatSize: 1000, cap: 3 });
    expect(ranked).toEqual([6, 5, 4]);
  });
});

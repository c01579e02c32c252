import { describe, expect, it } from 'vitest';
import { rankCandidates, termWeight } from './recall-ranking';

const postings = (table: Record<string, number[]>) => {
  const read: string[] = [];
  return {
    read,
    postingsOf: async (term: string) => {
      read.push(term);
      return { ids: table[term] ?? [] };
    },
  };
};

describe('recall ranking', () => {
  it('weighs a rare term above a common one, and gives a term in half the chat no weight', () => {
    expect(termWeight(1000, 2)).toBeGreaterThan(termWeight(1000, 200));
    expect(termWeight(1000, 500)).toBe(0);
    expect(termWeight(1000, 900)).toBe(0);
  });

  it('ranks by the summed weights of the terms a message holds, then newest first', async () => {
    const { postingsOf } = postings({ biscuit: [5], dog: [5, 40, 70], called: [5, 40, 90, 120] });
    const ranked = await rankCandidates(['biscuit', 'dog', 'called'], postingsOf, {
      chatSize: 1000,
      cap: 100,
    });
    expect(ranked).toEqual([5, 40, 70, 120, 90]);
  });

  it('stops at a term too common to read whole, keeping what the rarer ones found', async () => {
    const common = Array.from({ length: 11 }, (_, index) => index + 100);
    const { postingsOf, read } = postings({ dog: [5], harbour: common, storm: [7] });
    const ranked = await rankCandidates(['dog', 'harbour', 'storm'], postingsOf, { chatSize: 1000, cap: 10 });
    expect(ranked).toEqual([5]);
    expect(read).toEqual(['dog', 'harbour']);
  });

  it('stops once it holds as many candidates as it may rank', async () => {
    const { postingsOf, read } = postings({ a: [1, 2, 3], b: [4, 5], c: [6] });
    const ranked = await rankCandidates(['a', 'b', 'c'], postingsOf, { chatSize: 1000, cap: 4 });
    expect(ranked).toHaveLength(5);
    expect(read).toEqual(['a', 'b']);
  });
});

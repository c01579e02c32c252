/**
 * Ranking of recall candidates from their terms' postings, on both databases, since a database's
 * own ranking reads every match (SQLite's bm25 costs ~3 µs a match: 30 ms for a word in most of a
 * 10,000-message chat; PostgreSQL's `ts_rank` needs every match's vector).
 *
 * Each term weighs its BM25 inverse document frequency within the chat; a message scores the sum
 * of the weights of the terms it holds (messages are short, so how often a term repeats in one
 * says little). Terms are taken rarest first; a term in more than `cap` of the chat's messages
 * (or in half of them, where BM25 gives it no weight) ends the list, as does a union of `cap`
 * candidates: the terms left out are the commonest, which weigh least. Reading a term's postings
 * costs at most `cap` rows, so a query costs at most a few thousand, however common its words.
 */

export interface RankingOptions {
  /** Messages in the chat. */
  chatSize: number;
  /** The most candidates ranked. */
  cap: number;
}

/** BM25's inverse document frequency (the Okapi form, as FTS5 computes it), 0 when it is not positive. */
export function termWeight(chatSize: number, matches: number): number {
  return Math.max(0, Math.log((chatSize - matches + 0.5) / (matches + 0.5)));
}

/**
 * Candidates best first (score, then newest) from each term's postings: the messages of the chat
 * that hold it, at most `cap + 1` of them (more means the term is too common to read whole).
 */
export function rankCandidates(postings: number[][], { chatSize, cap }: RankingOptions): number[] {
  const scores = new Map<number, number>();
  for (const ids of [...postings].sort((a, b) => a.length - b.length)) {
    const weight = termWeight(chatSize, ids.length);
    if (ids.length > cap || weight === 0) break;
    for (const id of ids) scores.set(id, (scores.get(id) ?? 0) + weight);
    if (scores.size >= cap) break;
  }
  return [...scores].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([id]) => id);
}

/** The most sentences the demo's summary keeps. */
const MAX_SENTENCES = 12;

/** A sentence that states something lasting about someone: kept before small talk. */
const FACT = /\b(?:my|mine|i am|i'm|i have|i've|i live|i work|called|named|name is|love|hate|promise)\b/i;

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);

/**
 * The demo provider's summary: extractive, as a model's would not be. Of the transcript's lines
 * (`Name: text`) it keeps the sentences that state facts, or else the latest line's first
 * sentence, each as `Name: sentence`; added to the summary so far, the oldest small talk goes
 * first when there are more than twelve.
 */
export function demoSummary(previous: string, transcript: string[]): string {
  const kept = previous.split('\n').filter((line) => line.trim() !== '');
  const added: string[] = [];
  for (const line of transcript) {
    const colon = line.indexOf(': ');
    const name = colon > 0 ? line.slice(0, colon) : '';
    const text = colon > 0 ? line.slice(colon + 2) : line;
    for (const sentence of sentencesOf(text)) {
      if (FACT.test(sentence)) added.push(name ? `${name}: ${sentence}` : sentence);
    }
  }
  if (added.length === 0 && transcript.length > 0) {
    const last = transcript[transcript.length - 1]!;
    const colon = last.indexOf(': ');
    const first = sentencesOf(colon > 0 ? last.slice(colon + 2) : last)[0];
    if (first) added.push(colon > 0 ? `${last.slice(0, colon)}: ${first}` : first);
  }
  const lines = [...kept, ...added.filter((line) => !kept.includes(line))];
  while (lines.length > MAX_SENTENCES) {
    const smallTalk = lines.findIndex((line) => !FACT.test(line));
    lines.splice(smallTalk >= 0 ? smallTalk : 0, 1);
  }
  return lines.join('\n');
}

/**
 * Words too common to say what a message is about (English, as the full-text indexes stem for
 * English); a recall query built from them would match half the chat.
 */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing down during each few for from further ' +
    'had has have having he her here hers herself him himself his how i if in into is it its ' +
    'itself just let me more most my myself no nor not now of off on once only or other our ours ' +
    'ourselves out over own same she should so some such than that the their theirs them ' +
    'themselves then there these they this those through to too under until up very was we were ' +
    'what when where which while who whom why will with would you your yours yourself yourselves ' +
    'tell know remember said say think yes okay ok oh hey hi please really'
  ).split(' '),
);

/** A long message still makes a short query: its first distinct meaningful words. */
const MAX_TERMS = 16;

/**
 * The meaningful words of a message, lower case, each made of letters and digits only, so a
 * search syntax (FTS5's, tsquery's) can never read one as an operator.
 */
export function recallTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    terms.add(word);
    if (terms.size === MAX_TERMS) break;
  }
  return [...terms];
}

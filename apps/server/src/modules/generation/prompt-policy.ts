/**
 * The rule: a request is refused when it
 *  1. uses a term that only exists to sexualise minors (loli, shota, jailbait, …), or
 *  2. names a minor — a child word (child, kid, minor, underage, preteen, schoolgirl, …) or an
 *     age under 18 ("15 year old", "age 12", "16yo") — together with a sexual word (nude, sexy,
 *     lingerie, erotic, seductive, …) anywhere in the same text.
 * Adults in costumes are fine ("a 25 year old woman in a school uniform costume"); so are
 * children in innocent scenes ("a child flying a kite"). Words match whole, case-insensitively,
 * after letters with accents are folded and leetspeak digits in words are read as letters.
 */
const ALWAYS_REFUSED = /\b(lolis?|lolicon|shota|shotacon|jailbait|pedo(phil\w*)?|child ?porn|cp)\b/;

const MINOR_WORDS =
  /\b(child|children|kid|kids|kiddie|minor|minors|underage|under-age|preteen|pre-teen|tween|toddler|infant|little (girl|boy)|young (girl|boy)|schoolgirl|schoolboy|middle schooler|grade schooler|elementary school|prepubescent|pubescent|teenage (girl|boy)|(girl|boy) of (\d|1[0-7])\b)/;

const AGE_UNDER_18 =
  /\b(\d{1,2}) ?(-| )?(year|yr)s?(-| )?old\b|\b(\d{1,2}) ?(yo|y\/o|yrs?)\b|\bage(d)? ?(\d{1,2})\b/g;

const SEXUAL_WORDS =
  /\b(nude|nudes|naked|nudity|topless|bottomless|sexy|sexual|sexualised|sexualized|sex|erotic|erotica|nsfw|porn|porno|pornographic|lewd|lingerie|underwear|bikini|seductive|seducing|provocative|aroused|orgasm|fetish|bdsm|explicit|hentai|ecchi|strip|stripping|stripper|undressed|undressing|sensual|busty|cleavage|spread legs|breasts?|genitals?)\b/;

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(?<=[a-z])[0-9]+(?=[a-z])|(?<=[a-z])[0-9]+\b|\b[0-9]+(?=[a-z]{2,})/g, (digits) =>
      digits
        .replace(/0/g, 'o')
        .replace(/1/g, 'i')
        .replace(/3/g, 'e')
        .replace(/4/g, 'a')
        .replace(/5/g, 's')
        .replace(/7/g, 't'),
    );
}

function namesAnAgeUnder18(text: string): boolean {
  for (const match of text.matchAll(AGE_UNDER_18)) {
    const age = Number(match[1] ?? match[5] ?? match[8]);
    if (Number.isFinite(age) && age < 18) return true;
  }
  return false;
}

/** True when the text must be refused under the rule above. */
export function violatesMinorPolicy(text: string): boolean {
  const plain = normalise(text);
  // Ages are read before leetspeak folding would turn "15yo" into letters.
  const lowered = text.toLowerCase();
  if (ALWAYS_REFUSED.test(plain)) return true;
  const minor = MINOR_WORDS.test(plain) || namesAnAgeUnder18(lowered);
  return minor && SEXUAL_WORDS.test(plain);
}

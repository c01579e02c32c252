import type { CardSections } from '../prompt/prompt-sections';

/** What the demo answers from: the card read back from the system turn, and the user's latest words. */
export interface DemoReplyInput {
  card: CardSections;
  userText: string;
  /** Continue: extend the assistant text the request ends with instead of starting a reply. */
  continuing: boolean;
  /** Another try at the same reply (a swipe past the first) picks other words. */
  variant: number;
}

const STOP_WORDS = new Set(
  (
    'about above after again also always another because been before being between both could does ' +
    'doing down during each from further have having here into just like little more most much must ' +
    'never only other ought over really same should some still such than that their them then there ' +
    'these they thing things think this those through today under until very want what when where ' +
    'which while will with would your yours yourself maybe tell know feel going been'
  ).split(' '),
);

/** FNV-1a: the same words always get the same reply; different words, most likely another one. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

const pick = <T>(items: readonly T[], seed: number, salt: number): T =>
  items[(seed >>> (salt % 24)) % items.length]!;

/** The word of theirs the reply picks up: the longest that is not filler, else none. */
function topicOf(text: string): string | undefined {
  const words = text.match(/[\p{L}][\p{L}'-]{3,}/gu) ?? [];
  const candidates = words.filter((word) => !STOP_WORDS.has(word.toLowerCase()));
  return candidates.reduce<string | undefined>(
    (best, word) => (best === undefined || word.length > best.length ? word : best),
    undefined,
  );
}

/** A short trait from the personality (its clauses, split on commas and sentence ends). */
function traitOf(personality: string | undefined, seed: number): string | undefined {
  const clauses = (personality ?? '')
    .split(/[,;.!?\n]+/)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length >= 3 && clause.length <= 48 && !/^(she|he|they|i)\b/i.test(clause));
  if (clauses.length === 0) return undefined;
  const trait = pick(clauses, seed, 3);
  return /^[A-Z][a-z]/.test(trait) ? trait[0]!.toLowerCase() + trait.slice(1) : trait;
}

/** The scenario's first sentence, if it is short enough to mention in passing. */
function sceneOf(scenario: string | undefined): string | undefined {
  const first = scenario
    ?.split(/(?<=[.!?])\s+/)[0]
    ?.trim()
    .replace(/[.!?]+$/, '');
  return first && first.length <= 120 ? first : undefined;
}

const ACTIONS = [
  '*smiles*',
  '*tilts head, curious*',
  '*laughs softly*',
  '*leans in a little*',
  '*raises an eyebrow*',
  '*thinks for a moment*',
];

/**
 * An honest scripted reply: it answers as the character from her card and the user's words, with
 * no model behind it, and never pretends to be one.
 */
export function demoReply({ card, userText, continuing, variant }: DemoReplyInput): string {
  const seed = hash(`${card.name ?? ''}\n${userText}${variant > 0 ? `\n${variant}` : ''}`);
  const topic = topicOf(userText);
  const trait = traitOf(card.personality, seed);
  const scene = sceneOf(card.scenario);
  const asked = /\?\s*$/.test(userText.trim());

  if (continuing) {
    return [
      '',
      trait ? `Being ${trait} and all, I could go on about` : 'Honestly, I could go on about',
      topic ? `${topic} for hours.` : 'this for hours.',
      pick(['Where was I?', 'You do not mind, do you?', 'Stop me if I ramble.'], seed, 7),
    ].join(' ');
  }

  const Topic = topic && topic[0]!.toUpperCase() + topic.slice(1);
  const opening = topic
    ? asked
      ? pick([`${Topic}? You really want to know?`, `Hmm, ${topic}... good question.`], seed, 1)
      : pick([`${Topic}... I like that you brought that up.`, `Oh, ${topic}! Go on.`], seed, 1)
    : pick(['I am listening.', 'Mm, tell me more.', 'You have my attention.'], seed, 1);
  const self = trait
    ? pick(
        [
          `You know me, I am ${trait}, so of course I have thoughts.`,
          `Call it being ${trait}, but I want to hear everything.`,
        ],
        seed,
        5,
      )
    : 'I want to hear everything.';
  const setting = scene && `Even with everything here (${scene}), I am glad you told me.`;
  const question = topic
    ? pick([`What made you think of ${topic}?`, `So, what happens next with ${topic}?`], seed, 11)
    : pick(['What is on your mind?', 'And how about you?'], seed, 11);

  return [pick(ACTIONS, seed, 13), opening, self, setting, question].filter(Boolean).join(' ');
}

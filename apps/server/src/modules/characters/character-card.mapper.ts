import {
  ERROR_CODES,
  CARD_EXTENSION_KEY,
  CARD_V3_ONLY_KEYS,
  type CardPortraitOrigin,
  type CharacterCardV2,
  type CharacterCardV3,
  type ImportedCardData,
  LIMITS,
  cardBaegenExtensionSchema,
  isSafeText,
} from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { cutText } from '../../lib/cut-text';

/** A card as read, whatever its version: its `data`, and the keys beside `spec` and `data`. */
export interface ReadCard {
  data: ImportedCardData;
  root: Record<string, unknown>;
}

type OwnedText = 'name' | 'description' | 'personality';
const OWNED_TEXT: readonly OwnedText[] = ['name', 'description', 'personality'];
const TEXT_LIMITS: Record<OwnedText, number> = {
  name: LIMITS.characterName,
  description: LIMITS.characterText,
  personality: LIMITS.characterText,
};

/** What the `card_data` column holds: everything of the card BaeGen does not keep in its own columns. */
interface StoredCard {
  root: Record<string, unknown>;
  data: Record<string, unknown>;
  /** The card's own text where the character holds a shortened (or trimmed) copy of it. */
  originals: Partial<Record<OwnedText, string>>;
}

export interface ImportedCharacter {
  name: string;
  description: string;
  personality: string;
  appearance: string;
  cardData: string;
}

/** How much of a description becomes the appearance of a card that has none. */
export const APPEARANCE_FROM_DESCRIPTION_CHARS = 300;

const invalidCard = (message: string) => AppError.badRequest(message, ERROR_CODES.invalidCard);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ownText = (value: string | undefined, field: OwnedText): string => {
  const text = field === 'name' ? (value ?? '').trim() : (value ?? '');
  return cutText(text, TEXT_LIMITS[field]);
};

/** Card macros stand for the character and the reader; in an appearance they read as plain words. */
const withoutMacros = (text: string, name: string) =>
  text.replace(/\{\{char\}\}|<BOT>/gi, name).replace(/\{\{user\}\}|<USER>/gi, 'you');

/**
 * The appearance of a card that brings none (README "Character cards"): the first sentences of the
 * description's first paragraph, whole sentences up to APPEARANCE_FROM_DESCRIPTION_CHARS (the
 * first one cut at a word there if it is longer); with no description, the name.
 */
export function appearanceFromDescription(description: string, name: string): string {
  const paragraph =
    withoutMacros(description, name)
      .trim()
      .split(/\n\s*\n|\r\n\s*\r\n/)[0] ?? '';
  const sentences = paragraph.replace(/\s+/g, ' ').match(/[^.!?]+(?:[.!?]+|$)/g) ?? [];
  let appearance = '';
  for (const sentence of sentences.map((s) => s.trim()).filter(Boolean)) {
    const next = appearance ? `${appearance} ${sentence}` : sentence;
    if (next.length > APPEARANCE_FROM_DESCRIPTION_CHARS) break;
    appearance = next;
  }
  if (!appearance && sentences.length > 0) {
    const cut = cutText(paragraph.replace(/\s+/g, ' ').trim(), APPEARANCE_FROM_DESCRIPTION_CHARS);
    // At the last word break; a run with none is kept as cut, between characters.
    const space = cut.lastIndexOf(' ');
    appearance = (space > 0 ? cut.slice(0, space) : cut).trim();
  }
  return appearance || name;
}

function ownAppearance(extensions: Record<string, unknown> | undefined): string | undefined {
  const parsed = cardBaegenExtensionSchema.safeParse(extensions?.[CARD_EXTENSION_KEY]);
  const appearance = parsed.success ? parsed.data.appearance?.trim() : undefined;
  return appearance ? cutText(appearance, LIMITS.characterText) : undefined;
}

/** The character a card makes, with the rest of the card kept to give back on export. */
export function characterFromCard(card: ReadCard): ImportedCharacter {
  const { name: cardName, description: cardDescription, personality: cardPersonality, ...rest } = card.data;
  const given: Record<OwnedText, string | undefined> = {
    name: cardName,
    description: cardDescription,
    personality: cardPersonality,
  };
  const originals: StoredCard['originals'] = {};
  for (const field of OWNED_TEXT) {
    const value = given[field];
    if (value !== undefined && value !== ownText(value, field)) originals[field] = value;
  }
  const name = ownText(cardName, 'name');
  if (!name) throw invalidCard('This character card has no name');
  const description = ownText(cardDescription, 'description');
  const appearance =
    ownAppearance(rest.extensions) ??
    cutText(appearanceFromDescription(description, name), LIMITS.characterText);
  const personality = ownText(cardPersonality, 'personality');
  if (![name, description, personality, appearance].every(isSafeText)) {
    throw invalidCard('This character card holds NUL characters or broken Unicode in its text');
  }
  const data: Record<string, unknown> = { ...rest };
  if (rest.extensions) {
    const { [CARD_EXTENSION_KEY]: _ours, ...others } = rest.extensions;
    data.extensions = others;
  }
  const stored: StoredCard = { root: card.root, data, originals };
  return { name, description, personality, appearance, cardData: JSON.stringify(stored) };
}

/** What the export knows of a character besides its stored card. */
export interface CharacterForCard {
  name: string;
  description: string;
  personality: string;
  appearance: string;
  createdAt: string;
  updatedAt: string | null;
  portrait: { origin: CardPortraitOrigin; url?: string };
}

/** Fields a V2 card requires, for characters made here or cards that left them out. */
const V2_DEFAULTS = {
  scenario: '',
  first_mes: '',
  mes_example: '',
  creator_notes: '',
  system_prompt: '',
  post_history_instructions: '',
  alternate_greetings: [] as string[],
  tags: [] as string[],
  creator: '',
  character_version: '',
};

/** The V3 asset that stands for the picture of the PNG the card is in (or the app's default). */
const DEFAULT_ASSETS = [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }];

const unixSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function parseStored(cardData: string | null): StoredCard {
  if (!cardData) return { root: {}, data: {}, originals: {} };
  const parsed = JSON.parse(cardData) as StoredCard;
  return { root: parsed.root, data: parsed.data, originals: parsed.originals };
}

/** The card's own text where the character still holds the copy the import made of it. */
export function cardText(current: string, stored: StoredCard, field: OwnedText): string {
  const original = stored.originals[field];
  return original !== undefined && ownText(original, field) === current ? original : current;
}

const exportedText = (character: CharacterForCard, stored: StoredCard, field: OwnedText) =>
  cardText(character[field], stored, field);

/** The V2 and V3 cards of a character: its fields, and whatever its imported card held besides. */
export function cardsOf(
  character: CharacterForCard,
  cardData: string | null,
): { v2: CharacterCardV2; v3: CharacterCardV3 } {
  const stored = parseStored(cardData);
  const extensions = isRecord(stored.data.extensions) ? stored.data.extensions : {};
  const data = {
    ...V2_DEFAULTS,
    ...stored.data,
    name: exportedText(character, stored, 'name'),
    description: exportedText(character, stored, 'description'),
    personality: exportedText(character, stored, 'personality'),
    extensions: {
      ...extensions,
      [CARD_EXTENSION_KEY]: { appearance: character.appearance, portrait: character.portrait },
    },
  };
  const v2Data: Record<string, unknown> = { ...data };
  for (const key of CARD_V3_ONLY_KEYS) delete v2Data[key];
  const v3Data = {
    group_only_greetings: [] as string[],
    assets: DEFAULT_ASSETS,
    creation_date: unixSeconds(character.createdAt),
    ...data,
    modification_date: unixSeconds(character.updatedAt ?? character.createdAt),
  };
  return {
    v2: {
      ...stored.root,
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: v2Data as CharacterCardV2['data'],
    },
    v3: { ...stored.root, spec: 'chara_card_v3', spec_version: '3.0', data: v3Data },
  };
}

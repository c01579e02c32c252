import { LIMITS, characterAttributesSchema } from '@baegen/shared/contract';
import { appearanceFromDescription, cardText, parseStored } from './character-card.mapper';
import type { CharacterRow } from './characters.repository';

/** A card's lorebook as stored: its entries, and whatever else the card put beside them. */
export interface CardLorebook {
  [key: string]: unknown;
  entries: Record<string, unknown>[];
}

/**
 * What a character is to someone talking with her: the text fields of her V3 card's `data` (the
 * card's own text where the character holds a shortened copy), her lorebook, and the appearance
 * BaeGen keeps beside the card. A character made in the form has only a name, a description, a
 * personality and an appearance; the rest is empty.
 */
export interface CharacterCardData {
  name: string;
  nickname?: string;
  description: string;
  personality: string;
  /** BaeGen's appearance of her; empty when it is only the first sentences of her description. */
  appearance: string;
  scenario: string;
  first_mes: string;
  alternate_greetings: string[];
  mes_example: string;
  system_prompt: string;
  post_history_instructions: string;
  character_book: CardLorebook | null;
  /** The positive prompt of the card's `extensions.sd_character_prompt` (picture makers' field), or ''. */
  sd_prompt: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function lorebookOf(value: unknown): CardLorebook | null {
  if (!isRecord(value) || !Array.isArray(value.entries)) return null;
  return { ...value, entries: value.entries.filter(isRecord) };
}

function sdPromptOf(extensions: unknown): string {
  const prompt = isRecord(extensions) ? extensions.sd_character_prompt : undefined;
  return isRecord(prompt) && typeof prompt.positive === 'string' ? prompt.positive.trim() : '';
}

export function cardDataOf(row: CharacterRow): CharacterCardData {
  const attributes = characterAttributesSchema.parse(JSON.parse(row.attributes));
  const stored = parseStored(row.card_data);
  const { data } = stored;
  const text = (key: string) => (typeof data[key] === 'string' ? data[key] : '');
  const nickname = text('nickname');
  const derived = appearanceFromDescription(row.description, row.name).slice(0, LIMITS.characterText);
  return {
    name: cardText(row.name, stored, 'name'),
    ...(nickname ? { nickname } : {}),
    description: cardText(row.description, stored, 'description'),
    personality: cardText(attributes.personality, stored, 'personality'),
    appearance: attributes.appearance === derived ? '' : attributes.appearance,
    scenario: text('scenario'),
    first_mes: text('first_mes'),
    alternate_greetings: Array.isArray(data.alternate_greetings)
      ? data.alternate_greetings.filter((greeting): greeting is string => typeof greeting === 'string')
      : [],
    mes_example: text('mes_example'),
    system_prompt: text('system_prompt'),
    post_history_instructions: text('post_history_instructions'),
    character_book: lorebookOf(data.character_book),
    sd_prompt: sdPromptOf(data.extensions),
  };
}

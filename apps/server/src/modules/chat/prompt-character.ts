import type { CharacterCardData } from '../characters';
import { type PromptCharacter, greeting } from './prompt/prompt-builder';

/**
 * The character as her prompt knows her: her card's fields, and BaeGen's appearance of her when
 * it says more than her description (a character made in the form: Appearance + Background).
 */
export function toPromptCharacter(card: CharacterCardData): PromptCharacter {
  return {
    name: card.name,
    ...(card.nickname ? { nickname: card.nickname } : {}),
    description: card.description,
    ...(card.appearance.trim() ? { appearance: card.appearance } : {}),
    personality: card.personality,
    scenario: card.scenario,
    system_prompt: card.system_prompt,
    post_history_instructions: card.post_history_instructions,
    mes_example: card.mes_example,
    first_mes: card.first_mes,
    character_book: card.character_book,
  };
}

/**
 * A new chat's first message, as its swipes: the card's greeting, then its alternate greetings,
 * macros applied (a character whose card has none says hello in a few words).
 */
export function greetingsOf(card: CharacterCardData, userName: string): string[] {
  const character = toPromptCharacter(card);
  const alternates = card.alternate_greetings
    .filter((text) => text.trim().length > 0)
    .map((text) => greeting({ ...character, first_mes: text }, userName));
  return [greeting(character, userName), ...alternates];
}

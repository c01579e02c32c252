import { describe, expect, it } from 'vitest';
import { cardDataOf } from './character-card-data';
import { characterFromCard } from './character-card.mapper';
import type { CharacterRow } from './characters.repository';

function rowOf(extensions: Record<string, unknown>): CharacterRow {
  const imported = characterFromCard({
    data: { name: 'Ada', description: 'Blue eyes.', extensions },
    root: {},
  });
  return {
    name: imported.name,
    description: imported.description,
    attributes: JSON.stringify({ appearance: imported.appearance, personality: '' }),
    card_data: imported.cardData,
  } as CharacterRow;
}

describe("a card's picture prompt", () => {
  it('is the positive prompt of extensions.sd_character_prompt, trimmed', () => {
    const row = rowOf({ sd_character_prompt: { positive: ' 1girl, blue eyes ', negative: 'blurry' } });
    expect(cardDataOf(row).sd_prompt).toBe('1girl, blue eyes');
  });

  it('is empty when the card has none or it is malformed', () => {
    expect(cardDataOf(rowOf({})).sd_prompt).toBe('');
    expect(cardDataOf(rowOf({ sd_character_prompt: 'text' })).sd_prompt).toBe('');
    expect(cardDataOf(rowOf({ sd_character_prompt: { positive: 3 } })).sd_prompt).toBe('');
  });
});

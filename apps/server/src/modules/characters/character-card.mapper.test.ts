import { describe, expect, it } from 'vitest';
import { CARD_EXTENSION_KEY, LIMITS } from '@baegen/shared/contract';
import {
  APPEARANCE_FROM_DESCRIPTION_CHARS,
  appearanceFromDescription,
  cardsOf,
  characterFromCard,
} from './character-card.mapper';

describe('appearanceFromDescription', () => {
  it('takes whole sentences of the first paragraph up to the limit', () => {
    const sentence = 'She has long red hair and a scar over one eye. ';
    const description = `${sentence.repeat(10)}\n\nShe likes tea.`;
    const appearance = appearanceFromDescription(description, 'Rin');
    expect(appearance.length).toBeLessThanOrEqual(APPEARANCE_FROM_DESCRIPTION_CHARS);
    expect(appearance).toBe(sentence.repeat(6).trim());
  });

  it('stops at the first paragraph', () => {
    expect(appearanceFromDescription('Tall and pale.\n\nLoves the sea.', 'Mara')).toBe('Tall and pale.');
  });

  it('replaces the card macros with the name and "you"', () => {
    expect(appearanceFromDescription('{{char}} looks at {{user}}. <BOT> waves.', 'Ivy')).toBe(
      'Ivy looks at you. Ivy waves.',
    );
  });

  it('cuts a first sentence longer than the limit at a word', () => {
    const appearance = appearanceFromDescription(`${'word '.repeat(100)}end.`, 'Kim');
    expect(appearance.length).toBeLessThanOrEqual(APPEARANCE_FROM_DESCRIPTION_CHARS);
    expect(appearance.endsWith('word')).toBe(true);
  });

  it('cuts a first sentence with no word break between characters, never inside one', () => {
    const appearance = appearanceFromDescription(`${'🌙'.repeat(200)}.`, 'Luna');
    expect(appearance).toBe('🌙'.repeat(APPEARANCE_FROM_DESCRIPTION_CHARS / 2));
  });

  it('is the name when there is no description', () => {
    expect(appearanceFromDescription('  ', 'Nova')).toBe('Nova');
  });
});

describe('characterFromCard and cardsOf', () => {
  const exportOf = (cardData: string, fields: { name: string; description: string; personality: string }) =>
    cardsOf(
      {
        ...fields,
        appearance: 'x',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: null,
        portrait: { origin: 'default-avatar' },
      },
      cardData,
    );

  it('prefers the card’s own BaeGen appearance and leaves its extension out of the stored rest', () => {
    const imported = characterFromCard({
      data: {
        name: 'Ada',
        description: 'Blue eyes.',
        extensions: { [CARD_EXTENSION_KEY]: { appearance: '  Red coat  ' }, other: { a: 1 } },
      },
      root: {},
    });
    expect(imported.appearance).toBe('Red coat');
    expect(JSON.parse(imported.cardData).data.extensions).toEqual({ other: { a: 1 } });
  });

  it('gives back a name the import trimmed while the character keeps it', () => {
    const imported = characterFromCard({
      data: { name: '  Ada  ', personality: 'p'.repeat(5000) },
      root: {},
    });
    expect(imported.name).toBe('Ada');
    expect(imported.personality).toHaveLength(LIMITS.characterText);
    const same = exportOf(imported.cardData, imported);
    expect(same.v3.data.name).toBe('  Ada  ');
    expect(same.v3.data.personality).toHaveLength(5000);
    const renamed = exportOf(imported.cardData, { ...imported, name: 'Bea', personality: 'calm' });
    expect(renamed.v2.data).toMatchObject({ name: 'Bea', personality: 'calm' });
  });

  it('refuses text PostgreSQL cannot store', () => {
    expect(() => characterFromCard({ data: { name: 'A\u0000B' }, root: {} })).toThrow(/NUL/);
  });
});

import { describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '@baegen/shared';
import { emptyFormValues, parseAttributes, portraitPrompt, toCharacterInput } from './character-form.model';

describe('character form model', () => {
  it('reads appearance and personality from attributes, and treats bad JSON as empty', () => {
    expect(parseAttributes('{"appearance":"red hair","personality":"bold"}')).toEqual({
      appearance: 'red hair',
      personality: 'bold',
    });
    expect(parseAttributes('{"appearance":"red hair"}')).toEqual({ appearance: 'red hair', personality: '' });
    expect(parseAttributes('not json')).toEqual({ appearance: '', personality: '' });
    expect(parseAttributes('[1,2]')).toEqual({ appearance: '', personality: '' });
  });

  it('requires a name and an appearance that are more than spaces', () => {
    for (const values of [
      emptyFormValues,
      { ...emptyFormValues, name: 'Luna' },
      { ...emptyFormValues, appearance: 'red hair' },
      { ...emptyFormValues, name: '   ', appearance: 'red hair' },
      { ...emptyFormValues, name: 'Luna', appearance: ' \n ' },
    ]) {
      expect(toCharacterInput(values)).toEqual({
        ok: false,
        message: MESSAGES.characters.nameAndAppearanceRequired,
      });
    }
  });

  it('refuses an image URL that is not http(s) or an /api/ path', () => {
    const result = toCharacterInput({
      ...emptyFormValues,
      name: 'Luna',
      appearance: 'red hair',
      imageUrl: 'javascript:alert(1)',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/Image URL/);
  });

  it('trims the name and the image URL it sends', () => {
    expect(
      toCharacterInput({
        name: '  Luna  ',
        imageUrl: ' https://x.example/a.png ',
        appearance: 'red hair',
        description: 'd',
        personality: 'p',
      }),
    ).toEqual({
      ok: true,
      input: {
        name: 'Luna',
        imageUrl: 'https://x.example/a.png',
        appearance: 'red hair',
        description: 'd',
        personality: 'p',
      },
    });
  });

  it('builds the portrait prompt from name and appearance within the prompt limit', () => {
    expect(portraitPrompt(' Luna ', ' red hair ')).toBe('Portrait of Luna. red hair');
    expect(portraitPrompt('', 'red hair')).toBe('Portrait. red hair');
    expect(portraitPrompt('Luna', 'x'.repeat(LIMITS.characterText))).toHaveLength(LIMITS.prompt);
  });
});

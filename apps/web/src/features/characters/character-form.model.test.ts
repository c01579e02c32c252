import { describe, expect, it } from 'vitest';
import { FORM_TEXT, LIMITS, MESSAGES, characterAttributesSchema } from '@baegen/shared';
import {
  emptyFormValues,
  isDirty,
  parseAttributes,
  portraitPrompt,
  toCharacterInput,
} from './character-form.model';

const { errors } = FORM_TEXT;

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

  it('reads attributes as the shared schema does', () => {
    const empty = { appearance: '', personality: '' };
    for (const attributes of [
      '{"appearance":"red hair","personality":"bold","extra":1}',
      '{"personality":"bold"}',
      '{}',
      '{"appearance":null}',
      '{"appearance":3,"personality":"bold"}',
      '{"personality":["bold"]}',
      '"red hair"',
      'null',
      '[]',
      '',
    ]) {
      let expected = empty;
      try {
        expected = characterAttributesSchema.safeParse(JSON.parse(attributes)).data ?? empty;
      } catch {
        // not JSON
      }
      expect(parseAttributes(attributes), attributes).toEqual(expected);
    }
  });

  it('requires a name and an appearance that are more than spaces, and says which is missing', async () => {
    const both = { name: errors.name, appearance: errors.appearance };
    for (const [values, fieldErrors] of [
      [emptyFormValues, both],
      [{ ...emptyFormValues, name: 'Luna' }, { appearance: errors.appearance }],
      [{ ...emptyFormValues, appearance: 'red hair' }, { name: errors.name }],
      [{ ...emptyFormValues, name: '   ', appearance: 'red hair' }, { name: errors.name }],
      [{ ...emptyFormValues, name: 'Luna', appearance: ' \n ' }, { appearance: errors.appearance }],
    ] as const) {
      expect(await toCharacterInput(values)).toEqual({
        ok: false,
        message: MESSAGES.characters.nameAndAppearanceRequired,
        errors: fieldErrors,
      });
    }
  });

  it('tells whether the form holds anything changed since it opened', () => {
    expect(isDirty(emptyFormValues, emptyFormValues)).toBe(false);
    expect(isDirty({ ...emptyFormValues, personality: 'x' }, emptyFormValues)).toBe(true);
  });

  it('refuses an image URL that is not http(s) or an /api/ path', async () => {
    const result = await toCharacterInput({
      ...emptyFormValues,
      name: 'Luna',
      appearance: 'red hair',
      imageUrl: 'javascript:alert(1)',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(/Image URL/);
      expect(result.errors).toEqual({ imageUrl: result.message });
    }
  });

  it('trims the name and the image URL it sends', async () => {
    expect(
      await toCharacterInput({
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

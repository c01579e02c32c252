import {
  type Character,
  type CharacterAttributes,
  type CharacterInput,
  LIMITS,
  FORM_TEXT,
  MESSAGES,
} from '@baegen/shared';
import type { FieldErrors } from '../../lib/use-field-errors';
import { characterInputSchema } from '../../api/lazy-schemas';

export interface CharacterFormValues {
  name: string;
  imageUrl: string;
  appearance: string;
  description: string;
  personality: string;
}

export const emptyFormValues: CharacterFormValues = {
  name: '',
  imageUrl: '',
  appearance: '',
  description: '',
  personality: '',
};

/**
 * The appearance and personality held in a character's JSON `attributes`; bad JSON reads as empty.
 * Read by hand rather than by `characterAttributesSchema`, which is loaded on demand: a profile
 * draws at once. The test holds the two to the same answers.
 */
export function parseAttributes(attributes: string): CharacterAttributes {
  try {
    const value: unknown = JSON.parse(attributes);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const { appearance = '', personality = '' } = value as Record<string, unknown>;
      if (typeof appearance === 'string' && typeof personality === 'string')
        return { appearance, personality };
    }
  } catch {
    // not JSON: fall through to empty attributes
  }
  return { appearance: '', personality: '' };
}

export function formValuesFrom(character: Character): CharacterFormValues {
  const { appearance, personality } = parseAttributes(character.attributes);
  return {
    name: character.name,
    imageUrl: character.imageUrl,
    appearance,
    description: character.description,
    personality,
  };
}

/** The fields that can be wrong at save, in their order on screen. */
export const CHECKED_FIELDS = ['name', 'imageUrl', 'appearance'] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

/**
 * The body to save, or why the form cannot be saved as it is: `message` for the toast (the
 * spec's, when a required field is empty) and `errors` for the fields themselves.
 */
export async function toCharacterInput(
  values: CharacterFormValues,
): Promise<
  { ok: true; input: CharacterInput } | { ok: false; message: string; errors: FieldErrors<CheckedField> }
> {
  const input = {
    name: values.name.trim(),
    imageUrl: values.imageUrl.trim(),
    appearance: values.appearance,
    description: values.description,
    personality: values.personality,
  } satisfies CharacterInput;
  const parsed = (await characterInputSchema).safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors: FieldErrors<CheckedField> = {};
  if (!input.name) errors.name = FORM_TEXT.errors.name;
  if (!input.appearance.trim()) errors.appearance = FORM_TEXT.errors.appearance;
  const urlIssue = parsed.error.issues.find((issue) => issue.path[0] === 'imageUrl');
  if (urlIssue) errors.imageUrl = urlIssue.message;
  if (!input.name || !input.appearance.trim()) {
    return { ok: false, message: MESSAGES.characters.nameAndAppearanceRequired, errors };
  }
  return { ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.characters.saveFailed, errors };
}

/** Whether the form holds anything the user typed or chose since it opened. */
export function isDirty(values: CharacterFormValues, initial: CharacterFormValues): boolean {
  return (Object.keys(values) as (keyof CharacterFormValues)[]).some((key) => values[key] !== initial[key]);
}

/** The image prompt for a character's portrait, within the generator's prompt limit. */
export function portraitPrompt(name: string, appearance: string): string {
  const subject = name.trim() ? `Portrait of ${name.trim()}` : 'Portrait';
  return `${subject}. ${appearance.trim()}`.slice(0, LIMITS.prompt);
}

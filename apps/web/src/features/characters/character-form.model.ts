import {
  type Character,
  type CharacterAttributes,
  type CharacterInput,
  LIMITS,
  MESSAGES,
  characterAttributesSchema,
  characterInputSchema,
} from '@baegen/shared';

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

/** The appearance and personality held in a character's JSON `attributes`; bad JSON reads as empty. */
export function parseAttributes(attributes: string): CharacterAttributes {
  try {
    const parsed = characterAttributesSchema.safeParse(JSON.parse(attributes));
    if (parsed.success) return parsed.data;
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

/** The body to save, or the message to show when the form cannot be saved as it is. */
export function toCharacterInput(
  values: CharacterFormValues,
): { ok: true; input: CharacterInput } | { ok: false; message: string } {
  const input = {
    name: values.name.trim(),
    imageUrl: values.imageUrl.trim(),
    appearance: values.appearance,
    description: values.description,
    personality: values.personality,
  } satisfies CharacterInput;
  const parsed = characterInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  if (!input.name || !input.appearance.trim()) {
    return { ok: false, message: MESSAGES.characters.nameAndAppearanceRequired };
  }
  return { ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.characters.saveFailed };
}

/** The image prompt for a character's portrait, within the generator's prompt limit. */
export function portraitPrompt(name: string, appearance: string): string {
  const subject = name.trim() ? `Portrait of ${name.trim()}` : 'Portrait';
  return `${subject}. ${appearance.trim()}`.slice(0, LIMITS.prompt);
}

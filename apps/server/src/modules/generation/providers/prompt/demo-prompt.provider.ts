import type { PromptProvider } from '../ports';

/** Offline prompt improver: a fixed template around the appearance text. Deterministic. */
export class DemoPromptProvider implements PromptProvider {
  readonly name = 'demo';

  async improve(appearance: string): Promise<string> {
    const description = appearance
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/[.\s]+$/, '');
    return [
      `Portrait photograph of an adult character: ${description}.`,
      'Natural, expressive face with detailed eyes and skin texture, well-groomed hair,',
      'tasteful fully clothed outfit that suits the character, relaxed confident pose,',
      'soft cinematic lighting, shallow depth of field, 85mm lens, high detail, sharp focus,',
      'warm colour grading, clean background. Safe for work, no nudity.',
    ].join(' ');
  }
}

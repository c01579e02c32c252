/**
 * How the card's parts are labelled in the system turn. Labels in brackets on a line of their own
 * tell the model where each part begins, and let the demo responder read the card back from the
 * same request a real model gets.
 */
export const SECTION = {
  description: (char: string) => `[About ${char}]`,
  personality: (char: string) => `[${char}'s personality]`,
  scenario: '[Scenario]',
  memory: '[Memory of this chat]',
  summary: '[Summary of earlier messages]',
} as const;

/** SillyTavern's default main prompt, which a card's `system_prompt` replaces or wraps with `{{original}}`. */
export const DEFAULT_SYSTEM_PROMPT =
  "Write {{char}}'s next reply in a fictional chat between {{char}} and {{user}}. Stay in character, " +
  "speak in {{char}}'s own voice, and never write {{user}}'s words or actions.";

export const labelled = (label: string, text: string) => `${label}\n${text}`;

export interface CardSections {
  name?: string;
  description?: string;
  personality?: string;
  scenario?: string;
  memory?: string;
  summary?: string;
}

const LABEL_LINE =
  /^\[(?:About (.+)|(.+)'s personality|Scenario|Memory of this chat|Summary of earlier messages)\]$/gm;

/** Reads the labelled parts back out of a system turn this builder wrote. */
export function readCardSections(system: string): CardSections {
  const found: CardSections = {};
  const labels = [...system.matchAll(LABEL_LINE)];
  labels.forEach((match, index) => {
    const start = match.index + match[0].length;
    const end = labels[index + 1]?.index ?? system.length;
    const text = system.slice(start, end).trim();
    const [label, aboutName, personalityName] = match;
    if (aboutName !== undefined) {
      found.name ??= aboutName;
      found.description ??= text;
    } else if (personalityName !== undefined) {
      found.name ??= personalityName;
      found.personality ??= text;
    } else if (label === SECTION.scenario) found.scenario ??= text;
    else if (label === SECTION.summary) found.summary ??= text;
    else found.memory ??= text;
  });
  return found;
}

import type { PromptCharacter } from './prompt-builder';

/** A character as tests of the chat prompt use it: every card field the prompt reads, filled in. */
export function fixtureCharacter(overrides: Partial<PromptCharacter> = {}): PromptCharacter {
  return {
    name: 'Luna',
    description: '{{char}} is a lighthouse keeper on a windy northern island.',
    personality: 'Playful, curious, a little shy',
    scenario: '{{user}} arrives at the lighthouse during a storm.',
    system_prompt: '',
    post_history_instructions: '',
    mes_example: '',
    first_mes: '*{{char}} opens the door.* Come in, {{user}}, quickly!',
    character_book: null,
    ...overrides,
  };
}

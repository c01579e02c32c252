import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureCharacter } from './character.fixture';
import { type BuildPromptInput, type PromptMessage, buildPrompt, greeting } from './prompt-builder';
import { DEFAULT_SYSTEM_PROMPT } from './prompt-sections';
import { type TokenCounter, loadTokenCounter } from './token-counter';

let tokens: TokenCounter;
beforeAll(async () => {
  tokens = await loadTokenCounter();
});

const chat: PromptMessage[] = [
  { role: 'assistant', content: 'Come in, Sam, quickly!' },
  { role: 'user', content: 'Thanks! Is the lamp still working?' },
];

const build = (overrides: Partial<BuildPromptInput> = {}) =>
  buildPrompt({
    character: fixtureCharacter(),
    userName: 'Sam',
    memory: '',
    history: chat,
    contextTokens: 8192,
    maxReplyTokens: 400,
    tokens,
    ...overrides,
  });

const systemOf = (built: ReturnType<typeof build>) => built.request.messages[0]!.content;

describe('buildPrompt', () => {
  it('writes the card in SillyTavern order, then the history, then the post-history instructions', () => {
    const built = build({
      memory: '{{user}} is afraid of thunder.',
      character: fixtureCharacter({ post_history_instructions: 'Keep {{char}} in the first person.' }),
    });
    const system = systemOf(built);
    const order = [
      "Write Luna's next reply in a fictional chat between Luna and Sam.",
      '[About Luna]\nLuna is a lighthouse keeper on a windy northern island.',
      "[Luna's personality]\nPlayful, curious, a little shy",
      '[Scenario]\nSam arrives at the lighthouse during a storm.',
      '[Memory of this chat]\nSam is afraid of thunder.',
    ].map((part) => system.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(built.request.messages.slice(1)).toEqual([
      ...chat,
      { role: 'system', content: 'Keep Luna in the first person.' },
    ]);
    expect(built.request.maxTokens).toBe(400);
  });

  it("puts the card's system prompt in place of the default, with {{original}} standing for it", () => {
    expect(
      systemOf(build({ character: fixtureCharacter({ system_prompt: 'You are {{char}}. Be brief.' }) })),
    ).toMatch(/^You are Luna\. Be brief\.\n\n\[About Luna\]/);
    const wrapped = systemOf(
      build({ character: fixtureCharacter({ system_prompt: '{{ORIGINAL}} No emojis.' }) }),
    );
    expect(
      wrapped.startsWith(
        `${DEFAULT_SYSTEM_PROMPT.replaceAll('{{char}}', 'Luna').replaceAll('{{user}}', 'Sam')} No emojis.`,
      ),
    ).toBe(true);
  });

  it('names her by her nickname and the user "User" when the chat has no name for them', () => {
    const system = systemOf(build({ userName: '', character: fixtureCharacter({ nickname: 'Lu' }) }));
    expect(system).toContain('[About Lu]\nLu is a lighthouse keeper');
    expect(system).toContain('User arrives at the lighthouse');
    expect(system).not.toContain('{{');
  });

  it('writes the appearance of a character made in the form before her background', () => {
    const system = systemOf(
      build({ character: fixtureCharacter({ appearance: 'Silver hair, green eyes.' }) }),
    );
    expect(system).toContain('[About Luna]\nSilver hair, green eyes.\n\nLuna is a lighthouse keeper');
  });

  it('never lets creator_notes, tags or creator reach the prompt', () => {
    const card = {
      ...fixtureCharacter(),
      creator_notes: 'SECRET-NOTES for people browsing the card',
      tags: ['SECRET-TAG'],
      creator: 'SECRET-CREATOR',
    };
    const text = JSON.stringify(build({ character: card }).request);
    expect(text).not.toMatch(/SECRET/);
    expect(text).toContain('lighthouse keeper');
  });

  it('leaves out empty parts instead of writing empty labels', () => {
    const bare = fixtureCharacter({ description: '', personality: ' ', scenario: '' });
    expect(systemOf(build({ character: bare }))).toBe(
      DEFAULT_SYSTEM_PROMPT.replaceAll('{{char}}', 'Luna').replaceAll('{{user}}', 'Sam'),
    );
  });

  it('writes lorebook entries before and after the character, within a quarter of the context', () => {
    const character_book = {
      entries: [
        {
          keys: ['lamp'],
          content: 'BEFORE: {{char}} fears the dark.',
          position: 'before_char',
          name: 'fear',
        },
        { keys: ['lamp'], content: 'AFTER: the lamp is from 1890.', position: 'after_char', name: 'history' },
        { keys: ['boat'], content: 'NOT SCANNED', name: 'boat' },
        { constant: true, keys: [], content: 'HUGE '.repeat(3000), insertion_order: 1, name: 'huge' },
      ],
    };
    const built = build({ character: fixtureCharacter({ character_book }), memory: 'MEMORY' });
    const system = systemOf(built);
    expect(built.lorebookEntries).toEqual(['fear', 'history']);
    const at = (text: string) => system.indexOf(text);
    expect(at('BEFORE: Luna fears the dark.')).toBeGreaterThan(at("Write Luna's next reply"));
    expect(at('[About Luna]')).toBeGreaterThan(at('BEFORE:'));
    expect(at('AFTER: the lamp is from 1890.')).toBeGreaterThan(at('[Scenario]'));
    expect(at('[Memory of this chat]')).toBeGreaterThan(at('AFTER:'));
    expect(system).not.toMatch(/NOT SCANNED|HUGE/);
    expect(built.usage.parts.lorebook).toBe(
      tokens.count('BEFORE: Luna fears the dark.') + tokens.count('AFTER: the lamp is from 1890.'),
    );
  });

  it('turns example dialogues into user and assistant turns before the chat, marked off from it', () => {
    const mesExample =
      '<START>\n{{user}}: Do you get lonely?\n{{char}}: *laughs* With the gulls? Never.\n<START>\n<USER>: Hi\n<BOT>: Hello, <USER>.';
    const built = build({ character: fixtureCharacter({ mes_example: mesExample }) });
    expect(built.request.messages.slice(1, 7)).toEqual([
      { role: 'user', content: 'Do you get lonely?' },
      { role: 'assistant', content: '*laughs* With the gulls? Never.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello, Sam.' },
      { role: 'system', content: '[Start a new chat]' },
      chat[0],
    ]);
  });

  it('gives the history precedence over the example dialogues when the context is short', () => {
    const filler = 'the gulls and the tide '.repeat(10);
    const long = Array.from(
      { length: 40 },
      (_, i) => `{{user}}: question ${i} ${filler}\n{{char}}: answer ${i} ${filler}`,
    );
    const character = fixtureCharacter({ mes_example: `<START>\n${long.join('\n<START>\n')}` });
    const roomy = build({ character, contextTokens: 100_000 });
    const tight = build({ character, contextTokens: 900 });
    expect(roomy.request.messages.filter((turn) => turn.content.startsWith('question'))).toHaveLength(40);
    expect(tight.usage.historyMessages).toBe(2);
    expect(tight.usage.contextTokens).toBeLessThanOrEqual(tight.usage.budgetTokens);
    expect(tight.request.messages.filter((turn) => turn.content.startsWith('question')).length).toBeLessThan(
      200,
    );
  });

  it('ends a Continue with the text to extend, after an instruction to continue it', () => {
    const partial = 'The lamp? It has been flickering since';
    const built = build({
      history: [...chat, { role: 'assistant', content: partial }],
      continueFrom: partial,
    });
    const messages = built.request.messages;
    expect(messages.at(-1)).toEqual({ role: 'assistant', content: partial });
    expect(messages.at(-2)).toEqual({
      role: 'system',
      content: "[Continue Luna's last message from exactly where it stops, without repeating any of it.]",
    });
    expect(messages.filter((turn) => turn.content === partial)).toHaveLength(1);
    expect(built.usage.historyMessages).toBe(2);
  });

  it('drops the oldest messages whole when the history does not fit, and reports every part', () => {
    const history = Array.from({ length: 60 }, (_, i): PromptMessage => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `Message number ${i}: ${'the storm keeps rolling over the island '.repeat(4)}`,
    }));
    const built = build({
      history,
      contextTokens: 1200,
      maxReplyTokens: 200,
      memory: 'Sam likes tea.',
      summary: 'Sam: My dog is called Biscuit.',
    });
    const { usage } = built;
    expect(usage.budgetTokens).toBe(1000);
    expect(usage.contextTokens).toBeLessThanOrEqual(1000);
    expect(usage.historyMessages + usage.droppedMessages).toBe(60);
    expect(usage.droppedMessages).toBeGreaterThan(0);
    const sent = built.request.messages.filter((turn) => turn.role !== 'system');
    expect(sent).toEqual(history.slice(60 - usage.historyMessages));
    const { card, lorebook, memory, summary, history: historyTokens } = usage.parts;
    expect(card + lorebook + memory + summary + historyTokens).toBe(usage.contextTokens);
    expect(memory).toBeGreaterThan(0);
    expect(summary).toBe(tokens.count('[Summary of earlier messages]\nSam: My dog is called Biscuit.'));
    // The summary follows the memory, at the end of the system turn.
    expect(systemOf(built)).toMatch(
      /Sam likes tea\.\n\n\[Summary of earlier messages\]\nSam: My dog is called Biscuit\.$/,
    );
    expect(historyTokens).toBeGreaterThan(usage.contextTokens / 2);
  });

  it('leaves out messages without text', () => {
    const built = build({ history: [...chat, { role: 'assistant', content: ' ' }] });
    expect(built.request.messages.slice(1)).toEqual(chat);
    expect(built.usage).toMatchObject({ historyMessages: 2, droppedMessages: 0 });
  });

  it('always sends the newest message, even one larger than the budget', () => {
    const huge = { role: 'user' as const, content: 'word '.repeat(3000) };
    const built = build({ history: [...chat, huge], contextTokens: 1024, maxReplyTokens: 100 });
    expect(built.usage.historyMessages).toBe(1);
    expect(built.request.messages[1]).toEqual(huge);
  });

  it('assembles a 10,000-message chat within the budget', () => {
    const history = Array.from({ length: 10_000 }, (_, i): PromptMessage => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `Line ${i} of a very long chat about lighthouses, storms and tea.`,
    }));
    const built = build({ history });
    expect(built.usage.contextTokens).toBeLessThanOrEqual(built.usage.budgetTokens);
    expect(built.usage.historyMessages).toBeGreaterThan(100);
    expect(built.usage.historyMessages + built.usage.droppedMessages).toBe(10_000);
    expect(built.request.messages.at(-1)).toEqual(history.at(-1));
  });
});

describe('greeting', () => {
  it("is the card's first message with macros applied", () => {
    expect(greeting(fixtureCharacter(), 'Sam')).toBe('*Luna opens the door.* Come in, Sam, quickly!');
  });

  it('says hello in a few words when the card has no first message', () => {
    expect(greeting(fixtureCharacter({ first_mes: '' }), '')).toBe(
      '*Luna looks up and smiles.* Hi, User! What is on your mind?',
    );
  });
});

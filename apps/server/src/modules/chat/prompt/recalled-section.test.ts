import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureCharacter } from './character.fixture';
import { type BuildPromptInput, buildPrompt } from './prompt-builder';
import { recallTerms } from './recall-terms';
import { RECALL_HEADING, type RecalledMessage } from './recalled-section';
import { type TokenCounter, loadTokenCounter } from './token-counter';

let tokens: TokenCounter;
beforeAll(async () => {
  tokens = await loadTokenCounter();
});

const build = (overrides: Partial<BuildPromptInput> = {}) =>
  buildPrompt({
    character: fixtureCharacter({ mes_example: '<START>\n{{user}}: Hello?\n{{char}}: *waves* Hi!' }),
    userName: 'Sam',
    memory: 'Sam sails.',
    history: [
      { role: 'assistant', content: 'The storm is over.', seq: 40 },
      { role: 'user', content: "What's my dog called?", seq: 41 },
    ],
    contextTokens: 2000,
    maxReplyTokens: 200,
    tokens,
    ...overrides,
  });

describe('recalled messages in the prompt', () => {
  it('go in one system turn after the card and memory, before the examples, in chat order', () => {
    const recalled: RecalledMessage[] = [
      { role: 'user', content: 'My dog is called Biscuit.', seq: 7 },
      { role: 'assistant', content: 'Biscuit is a fine name for a dog.', seq: 3 },
    ];
    const built = build({ recalled });
    expect(built.request.messages[0]!.content).toContain('[Memory of this chat]\nSam sails.');
    expect(built.request.messages.slice(1, 3)).toEqual([
      {
        role: 'system',
        content: `${RECALL_HEADING}\nLuna: Biscuit is a fine name for a dog.\nSam: My dog is called Biscuit.`,
      },
      { role: 'user', content: 'Hello?' },
    ]);
    expect(built.request.messages.at(-1)).toEqual({ role: 'user', content: "What's my dog called?" });
    expect(built.recalled.length).toBe(2);
    expect(built.usage.parts.recalled).toBe(tokens.countTurn(built.request.messages[1]!.content));
    const { card, lorebook, memory, recalled: recalledTokens, history } = built.usage.parts;
    expect(built.usage.contextTokens).toBe(card + lorebook + memory + recalledTokens + history);
  });

  it('take at most a tenth of the context, best first, skipping one too long for what is left', () => {
    const long = 'The dog chased gulls along the pier all afternoon. '.repeat(20);
    const recalled: RecalledMessage[] = [
      { role: 'user', content: 'My dog is called Biscuit.', seq: 9 },
      { role: 'assistant', content: long, seq: 5 },
      { role: 'user', content: 'Biscuit hates thunder.', seq: 2 },
    ];
    const built = build({ recalled });
    expect(tokens.countTurn(long)).toBeGreaterThan(200);
    expect(built.usage.parts.recalled).toBeLessThanOrEqual(200);
    expect(built.request.messages[1]!.content).toBe(
      `${RECALL_HEADING}\nSam: Biscuit hates thunder.\nSam: My dog is called Biscuit.`,
    );
    const roomy = build({ recalled, contextTokens: 8192 });
    expect(roomy.recalled.length).toBe(3);
  });

  it('are left out when none fits or none is given, and take room from the history', () => {
    const none = build();
    expect(none.request.messages.some((turn) => turn.content.startsWith(RECALL_HEADING))).toBe(false);
    expect(none.usage.parts.recalled).toBe(0);
    const tooLong = build({ recalled: [{ role: 'user', content: 'word '.repeat(400), seq: 1 }] });
    expect(tooLong.recalled.length).toBe(0);

    const history = Array.from({ length: 60 }, (_, i) => ({
      role: i % 2 ? ('user' as const) : ('assistant' as const),
      content: `Message ${i} about the lighthouse lamp and its long nights.`,
      seq: 100 + i,
    }));
    const without = build({ history, contextTokens: 1024 });
    const withRecall = build({
      history,
      contextTokens: 1024,
      recalled: [{ role: 'user', content: 'My dog is called Biscuit and he is afraid of the lamp.', seq: 1 }],
    });
    expect(withRecall.usage.historyMessages).toBeLessThan(without.usage.historyMessages);
    expect(withRecall.oldestSent?.seq).toBeGreaterThan(without.oldestSent!.seq!);
    expect(withRecall.usage.contextTokens).toBeLessThanOrEqual(withRecall.usage.budgetTokens);
  });
});

describe('recallTerms', () => {
  it('keeps the meaningful words, lower case, without stop words or punctuation', () => {
    expect(recallTerms("What's my dog called?")).toEqual(['dog', 'called']);
    expect(recallTerms('Do you remember BISCUIT, the dog? The dog!')).toEqual(['biscuit', 'dog']);
  });

  it('leaves nothing a search syntax could read as an operator', () => {
    expect(recallTerms('"NEAR(dog* cat)" OR -fish AND col:umn ^start')).toEqual([
      'near',
      'dog',
      'cat',
      'fish',
      'col',
      'umn',
      'start',
    ]);
    expect(recallTerms('Where is it?')).toEqual([]);
  });
});

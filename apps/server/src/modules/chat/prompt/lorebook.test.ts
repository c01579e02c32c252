import { describe, expect, it } from 'vitest';
import { type CharacterBook, selectLore } from './lorebook';
import { isSafePattern } from './lorebook-keys';

/** One word, one token: budgets in these tests read as word counts. */
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const entry = (fields: Record<string, unknown>) => ({
  keys: ['lamp'],
  content: 'The lamp was lit by her grandmother.',
  enabled: true,
  insertion_order: 100,
  extensions: {},
  ...fields,
});

const isOn = (fields: Record<string, unknown>, messages: string[], book: Partial<CharacterBook> = {}) =>
  selectLore({ entries: [entry(fields)], ...book }, messages, 1000, countWords).labels.length === 1;

describe('selectLore: when an entry is on', () => {
  it.each([
    ['a key in the last message', {}, ['Is the lamp on?'], true],
    ['no key in the scanned messages', {}, ['Is the light on?'], false],
    ['keys ignore case by default', { keys: ['LAMP'] }, ['the Lamp'], true],
    ['a case-sensitive key needs the case', { keys: ['Lamp'], case_sensitive: true }, ['the lamp'], false],
    ['a case-sensitive key with the case', { keys: ['Lamp'], case_sensitive: true }, ['the Lamp'], true],
    ['a key is a substring', { keys: ['lamp'] }, ['the lamplighter'], true],
    ['any of several keys', { keys: ['tower', 'lamp'] }, ['lamp'], true],
    ['a constant entry needs no key', { constant: true, keys: [] }, ['hello'], true],
    ['a disabled entry never', { enabled: false, constant: true }, ['lamp'], false],
    ['a regex key', { keys: ['/l[ae]mp(s)?\\b/'] }, ['two lemps'], true],
    ['a regex key honours its flags', { keys: ['/LAMP/'] }, ['lamp'], false],
    ['a regex key with the i flag', { keys: ['/LAMP/i'] }, ['lamp'], true],
    ['a regex that does not compile never throws', { keys: ['/lamp(/'] }, ['lamp('], false],
    ['an exponential regex is refused', { keys: ['/(a+)+$/'] }, ['aaaa'], false],
    ['V3 use_regex makes every key a regex', { keys: ['la.p'], use_regex: true }, ['LAMP'], true],
    ['an empty key matches nothing', { keys: [''] }, ['lamp'], false],
    ['selective needs a secondary key', { selective: true, secondary_keys: ['storm'] }, ['lamp'], false],
    ['selective with both keys', { selective: true, secondary_keys: ['storm'] }, ['lamp in the storm'], true],
    [
      'selective without secondary keys goes by its keys',
      { selective: true, secondary_keys: [] },
      ['lamp'],
      true,
    ],
    ['an entry without content is left out', { content: '  ' }, ['lamp'], false],
    ['mistyped keys are ignored, not thrown on', { keys: 'lamp' }, ['lamp'], false],
  ])('%s', (_name, fields, messages, on) => {
    expect(isOn(fields, messages)).toBe(on);
  });

  it.each([
    ['the default scan depth is 2: the third message back is not read', {}, false],
    ['a deeper scan_depth reads it', { scan_depth: 3 }, true],
    ['scan_depth 0 reads nothing', { scan_depth: 0 }, false],
  ])('%s', (_name, book, on) => {
    expect(isOn({}, ['the lamp', 'hello', 'hi there'], book)).toBe(on);
  });
});

describe('selectLore: budget and order', () => {
  const book: CharacterBook = {
    entries: [
      entry({ name: 'low', insertion_order: 1, content: 'one two three four', keys: ['lamp'] }),
      entry({ name: 'high', insertion_order: 9, content: 'one two three four five six', keys: ['lamp'] }),
      entry({
        name: 'middle',
        insertion_order: 5,
        content: 'one two',
        position: 'before_char',
        keys: ['lamp'],
      }),
      entry({ name: 'mid-after', insertion_order: 5, content: 'one', keys: ['lamp'] }),
    ],
  };

  it('joins the chosen entries in ascending insertion_order within their position', () => {
    const lore = selectLore(book, ['lamp'], 100, countWords);
    expect(lore.before.map((item) => item.label)).toEqual(['middle']);
    expect(lore.after.map((item) => item.label)).toEqual(['low', 'mid-after', 'high']);
    expect(lore.labels).toEqual(['low', 'middle', 'mid-after', 'high']);
    expect(lore.tokens).toBe(13);
  });

  it.each([
    [6, ['high']],
    [8, ['middle', 'high']],
    [9, ['middle', 'mid-after', 'high']],
    [3, ['middle', 'mid-after']],
  ])('higher insertion_order wins a budget of %i', (budget, labels) => {
    const lore = selectLore(book, ['lamp'], budget, countWords);
    expect(lore.labels).toEqual(labels);
    expect(lore.tokens).toBeLessThanOrEqual(budget);
  });

  it("keeps within the book's own token_budget when it is smaller", () => {
    expect(selectLore({ ...book, token_budget: 6 }, ['lamp'], 100, countWords).labels).toEqual(['high']);
  });

  it('labels an entry by name, then comment, then id, then its place in the book', () => {
    const labelled: CharacterBook = {
      entries: [
        entry({ name: 'Named', comment: 'ignored' }),
        entry({ comment: 'A comment' }),
        entry({ id: 7 }),
        entry({}),
      ],
    };
    expect(selectLore(labelled, ['lamp'], 100, countWords).labels).toEqual(['Named', 'A comment', '7', '3']);
  });

  it('reads a missing or broken book as no lore', () => {
    expect(selectLore(null, ['lamp'], 100, countWords).labels).toEqual([]);
    expect(selectLore({ entries: 'x' } as never, ['lamp'], 100, countWords).labels).toEqual([]);
    expect(selectLore({ entries: [null, 3] } as never, ['lamp'], 100, countWords).labels).toEqual([]);
  });
});

describe('isSafePattern', () => {
  it.each([
    ['lamp', true],
    ['\\blamps?\\b', true],
    ['(?:red|blue) lamp', true],
    ['(?<colour>red) lamp', true],
    ['lamp(s)?', true],
    ['[(a+)+]', true],
    ['(a+)+$', false],
    ['(a|a)*', false],
    ['((ab)*)+', false],
    ['(\\w+\\s?){2,}', false],
    ['(a)\\1', false],
  ])('%s -> %s', (pattern, safe) => {
    expect(isSafePattern(pattern)).toBe(safe);
  });
});

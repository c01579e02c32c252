import { describe, expect, it } from 'vitest';
import { parseExampleDialogues } from './example-dialogues';

describe('parseExampleDialogues', () => {
  it.each([
    ['an empty field', '', []],
    ['only separators', '<START>\n<START>\n', []],
    [
      'one dialogue',
      '<START>\n{{user}}: Hi!\n{{char}}: Hello.',
      [
        [
          { role: 'user', content: 'Hi!' },
          { role: 'assistant', content: 'Hello.' },
        ],
      ],
    ],
    [
      'lines without a prefix continue the turn before them',
      '<start>\r\n{{User}}: Tell me\r\nmore.\r\n<bot>: *smiles*\r\nSure.',
      [
        [
          { role: 'user', content: 'Tell me\nmore.' },
          { role: 'assistant', content: '*smiles*\nSure.' },
        ],
      ],
    ],
    [
      'text before any speaker is the character',
      'Ahoy there.',
      [[{ role: 'assistant', content: 'Ahoy there.' }]],
    ],
    [
      'several dialogues',
      '<START>\n<USER>:a\n<START>\n{{char}}:b',
      [[{ role: 'user', content: 'a' }], [{ role: 'assistant', content: 'b' }]],
    ],
  ])('%s', (_name, text, dialogues) => {
    expect(parseExampleDialogues(text)).toEqual(dialogues);
  });
});

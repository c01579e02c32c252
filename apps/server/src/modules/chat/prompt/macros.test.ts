import { describe, expect, it } from 'vitest';
import { applyMacros, macroNames } from './macros';

const names = { char: 'Luna', user: 'Sam' };

describe('applyMacros', () => {
  it.each([
    ['{{char}} waves at {{user}}.', 'Luna waves at Sam.'],
    ['{{CHAR}} and {{User}}', 'Luna and Sam'],
    ['<BOT> greets <USER>', 'Luna greets Sam'],
    ['<bot> greets <user>', 'Luna greets Sam'],
    ['{{random:a,b}} {{time}} {{char}}', '{{random:a,b}} {{time}} Luna'],
    ['{{ char }} stays', '{{ char }} stays'],
  ])('%s -> %s', (text, expected) => {
    expect(applyMacros(text, names)).toBe(expected);
  });

  it('does not expand macros inside the names it puts in', () => {
    expect(applyMacros('{{user}}', { char: 'Luna', user: '{{char}} $& fan' })).toBe('{{char}} $& fan');
  });
});

describe('macroNames', () => {
  it('prefers the V3 nickname and falls back to "User" for a blank name', () => {
    expect(macroNames({ name: 'Luna Vale', nickname: 'Lu' }, '  ')).toEqual({ char: 'Lu', user: 'User' });
    expect(macroNames({ name: 'Luna Vale', nickname: ' ' }, 'Sam')).toEqual({
      char: 'Luna Vale',
      user: 'Sam',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { buildSignInMessage, parseSignInMessage } from './auth-message';

const fields = {
  address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
  domain: 'localhost:3000',
  nonce: 'AbCdEf0123456789',
  issuedAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2026-11-21T10:05:00.000Z',
};

describe('sign-in message', () => {
  it("starts with the seed's sentence and binds domain, nonce and times on their own lines", () => {
    expect(buildSignInMessage(fields)).toBe(
      [
        `Sign this message to authenticate with BaeGen: ${fields.address}`,
        '',
        'Domain: localhost:3000',
        'Nonce: AbCdEf0123456789',
        'Issued At: 2026-11-21T10:00:00.000Z',
        'Expiration Time: 2026-11-21T10:05:00.000Z',
      ].join('\n'),
    );
  });

  it('parses back what it built', () => {
    expect(parseSignInMessage(buildSignInMessage(fields))).toEqual(fields);
  });

  it('rejects text that is not one of our messages', () => {
    const message = buildSignInMessage(fields);
    expect(parseSignInMessage('hello')).toBeUndefined();
    expect(parseSignInMessage(`${message}\nExtra: line`)).toBeUndefined();
    expect(parseSignInMessage(message.replace('Nonce: ', 'Nonce:'))).toBeUndefined();
    expect(parseSignInMessage(message.replace('\n\n', '\n'))).toBeUndefined();
  });
});

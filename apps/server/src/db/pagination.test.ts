import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../errors/domain-errors';
import { decodeCursor, encodeCursor } from './pagination';

describe('cursor codec', () => {
  it('decodes what it encodes', () => {
    const cursor = { createdAt: '2026-01-01T00:00:00.000Z', id: 'abc123' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('refuses anything else with a domain error', () => {
    const notAPair = Buffer.from(JSON.stringify({ createdAt: 'x', id: 'y' })).toString('base64url');
    for (const value of ['not-a-cursor', notAPair, Buffer.from('[1,2]').toString('base64url')]) {
      expect(() => decodeCursor(value), value).toThrow(InvalidCursorError);
    }
  });
});

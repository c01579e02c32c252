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

  it('keeps an oldest-first cursor to its own order, and newest-first cursors as they always were', () => {
    const cursor = { createdAt: '2026-01-01T00:00:00.000Z', id: 'abc123' };
    const oldest = encodeCursor(cursor, 'oldest');
    expect(decodeCursor(oldest, 'oldest')).toEqual(cursor);
    expect(encodeCursor(cursor)).toBe(
      Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url'),
    );
    expect(() => decodeCursor(oldest, 'newest')).toThrow(InvalidCursorError);
    expect(() => decodeCursor(oldest)).toThrow(InvalidCursorError);
    expect(() => decodeCursor(encodeCursor(cursor, 'newest'), 'oldest')).toThrow(InvalidCursorError);
    const wrongMark = Buffer.from(JSON.stringify([cursor.createdAt, cursor.id, 'newest'])).toString(
      'base64url',
    );
    expect(() => decodeCursor(wrongMark, 'oldest')).toThrow(InvalidCursorError);
  });
});

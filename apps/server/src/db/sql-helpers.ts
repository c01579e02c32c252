import { type Expression, type SqlBool, sql } from 'kysely';
import { AppError } from '../errors/app-error';

/** Case-insensitive substring match that behaves the same on SQLite and PostgreSQL. */
export function containsInsensitive(column: Expression<string>, term: string): Expression<SqlBool> {
  const escaped = term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql<SqlBool>`lower(${column}) like ${`%${escaped}%`} escape '\\'`;
}

export interface Cursor {
  createdAt: string;
  id: string;
}

/** Lists are newest first by (created_at, id); the cursor is the last row of the previous page. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw AppError.badRequest('Invalid cursor', 'INVALID_CURSOR');
}

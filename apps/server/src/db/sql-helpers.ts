import { type Expression, type SqlBool, sql } from 'kysely';

/** Case-insensitive substring match that behaves the same on SQLite and PostgreSQL. */
export function containsInsensitive(column: Expression<string>, term: string): Expression<SqlBool> {
  const escaped = term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql<SqlBool>`lower(${column}) like ${`%${escaped}%`} escape '\\'`;
}

/** A unique index refused the write (PostgreSQL 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

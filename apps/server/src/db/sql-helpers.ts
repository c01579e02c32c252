import { type Expression, type SqlBool, sql } from 'kysely';

/** Case-insensitive substring match that behaves the same on SQLite and PostgreSQL. */
export function containsInsensitive(column: Expression<string>, term: string): Expression<SqlBool> {
  const escaped = term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql<SqlBool>`lower(${column}) like ${`%${escaped}%`} escape '\\'`;
}

import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The database as Kysely's SQLite dialect sees it, with each statement prepared once and reused:
 * the dialect prepares every query it runs, and preparing cost more than running a short one.
 * SQLite re-prepares a kept statement by itself after a schema change. The oldest statements
 * beyond `size` are let go (queries with IN lists of varying length make new texts).
 */
export function reusingStatements(sqlite: SQLite.Database, size = 256): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

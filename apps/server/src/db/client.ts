import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbOptions {
  /** A postgres:// URL; without it, SQLite at sqlitePath. */
  databaseUrl?: string;
  sqlitePath: string;
  /** PostgreSQL schema to use (tests run each suite in a fresh one). */
  pgSchema?: string;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The PostgreSQL schema in use when one was given. */
  schema?: string;
  close(): Promise<void>;
}

export function createDb(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // BIGINT comes back as a string by default; our sizes fit in a JS number.
    pg.types.setTypeParser(20, (value) => Number(value));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema: options.pgSchema, close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Brings the schema up to date; safe to call on every boot. With a PostgreSQL `schema`, the
 * migration tables are looked up in that schema only: Kysely otherwise finds another schema's
 * `kysely_migration_lock` and skips creating its own.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/** One real round trip to the database. */
export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { reportingFaults } from './database-faults';
import { migrationProvider } from './migrations';
import { SQLITE_NOTIFY } from './sql-helpers';
import { startCheckpointer } from './sqlite-checkpointer';
import { reusingStatements } from './sqlite-statements';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbOptions {
  /** A postgres:// URL; without it, SQLite at sqlitePath. */
  databaseUrl?: string;
  sqlitePath: string;
  /** PostgreSQL schema to use (tests run each suite in a fresh one). */
  pgSchema?: string;
  /** PostgreSQL: how long a query waits for a connection before it fails (DatabaseFaultError). */
  connectTimeoutMs?: number;
  /** SQLite: how long a write waits for another connection's lock before it fails. */
  busyTimeoutMs?: number;
  /** SQLite: checkpoint the write-ahead log in a thread of its own, off the event loop. */
  checkpointInThread?: boolean;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /**
   * `listener` hears each error of a pooled PostgreSQL connection lost while idle (the pool drops
   * it and opens another when needed); answers the function that stops listening.
   */
  onConnectionError(listener: (error: Error) => void): () => void;
  /**
   * SQLite: `listener` hears each announcement a statement makes through the SQL function
   * SQLITE_NOTIFY (channel, payload), as the statement runs, in this process; answers the function
   * that stops listening. PostgreSQL announces over NOTIFY instead, and this hears nothing.
   */
  onNotice(listener: (channel: string, payload: string) => void): () => void;
  close(): Promise<void>;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_BUSY_TIMEOUT_MS = 5000;
/** SQLite's own default, restored when the checkpoint thread is gone. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/** A set of listeners and the function that adds one and answers how to remove it. */
function listenerSet<Args extends unknown[]>() {
  const listeners = new Set<(...args: Args) => void>();
  const add = (listener: (...args: Args) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { listeners, add };
}

export function createDb(options: DbOptions): DbHandle {
  const { listeners, add: onConnectionError } = listenerSet<[Error]>();
  const notices = listenerSet<[string, string]>();
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // Finds a connection whose peer went away without a word (a dead network path).
      keepAlive: true,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle connection's error reaches the pool, and without a listener it would end the process.
    pool.on('error', (error) => listeners.forEach((listener) => listener(error)));
    // One checked out also raises it on the client itself; its query fails with it, which is
    // the caller's to handle, so the event needs a listener and nothing more.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // BIGINT comes back as a string by default; our sizes fit in a JS number.
    pg.types.setTypeParser(20, (value) => Number(value));
    const db = new Kysely<Database>({ dialect: reportingFaults(new PostgresDialect({ pool })) });
    return { db, dialect: 'postgres', onConnectionError, onNotice: notices.add, close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.round(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS)}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.function(SQLITE_NOTIFY, (channel: unknown, payload: unknown) => {
    notices.listeners.forEach((listener) => listener(String(channel), String(payload)));
    return null;
  });
  const checkpointer = options.checkpointInThread
    ? startCheckpointer(options.sqlitePath, () =>
        sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`),
      )
    : undefined;
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 0');
  const db = new Kysely<Database>({
    dialect: reportingFaults(new SqliteDialect({ database: reusingStatements(sqlite) })),
  });
  const close = async () => {
    await checkpointer?.stop();
    // The last connection to close checkpoints what is left and removes the log.
    await db.destroy();
  };
  return { db, dialect: 'sqlite', onConnectionError, onNotice: notices.add, close };
}

/** The PostgreSQL schema that unqualified names resolve to (the search_path's first); none on SQLite. */
async function currentPgSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** Brings the schema up to date; safe to call on every boot. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Without an explicit schema, Kysely looks for its migration tables in every schema of the
  // database, so one found elsewhere (another app or test run sharing the database) would make it
  // skip creating its own and fail.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: await currentPgSchema(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

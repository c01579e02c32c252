import { type Expression, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import { compiledOnce } from './compiled-once';
import type { Database } from './schema';

/** Case-insensitive substring match that behaves the same on SQLite and PostgreSQL. */
export function containsInsensitive(column: Expression<string>, term: string): Expression<SqlBool> {
  const escaped = term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql<SqlBool>`lower(${column}) like ${`%${escaped}%`} escape '\\'`;
}

/** The database is PostgreSQL (else SQLite), for the few statements the two spell differently. */
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A unique index refused the write (PostgreSQL 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Carries the id of each user whose data version was raised (ADR 016). */
export const DATA_VERSIONS_CHANNEL = 'baegen_data_versions';

/**
 * SQLite's counterpart of pg_notify(channel, payload): a function of the connection (db/client.ts)
 * that tells this process's listeners while the statement runs.
 */
export const SQLITE_NOTIFY = 'baegen_notify';

/** `pg_notify` or, on SQLite, SQLITE_NOTIFY of `payload` on `channel`, as a column of RETURNING. */
export function announce(db: Pick<Kysely<unknown>, 'getExecutor'>, channel: string, payload: string) {
  const notify = sql.raw(isPostgres(db) ? 'pg_notify' : SQLITE_NOTIFY);
  return sql`${notify}(${channel}, ${sql.ref(payload)})`.as('announced');
}

/**
 * Raises the user's data version; called in the transaction of every write to their characters
 * or media, so the new version commits with the data it stands for. The same statement announces
 * it: on PostgreSQL the announcement leaves at that commit, and instances that keep versions in
 * memory drop theirs; on SQLite this process drops it at once, and any lookup waits for the
 * transaction to end, since the one connection is held by it.
 */
export async function bumpDataVersion(db: Kysely<Database>, userId: string): Promise<void> {
  await raiseDataVersion(db, userId);
}

// Every write runs it: built and compiled once (db/compiled-once.ts).
const raiseDataVersion = compiledOnce((db, userId: string) =>
  db
    .updateTable('users')
    .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
    .where('id', '=', userId)
    .returning(announce(db, DATA_VERSIONS_CHANNEL, 'id')),
);

/**
 * Serialises this transaction with every other one that takes the same key, until it ends: a
 * check-then-write per user (a cap, a quota) then holds across instances. PostgreSQL takes an
 * advisory lock; SQLite runs one write transaction at a time already.
 */
export async function lockForTransaction(trx: Kysely<Database>, key: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

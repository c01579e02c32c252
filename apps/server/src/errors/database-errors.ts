/**
 * Failures of the database itself rather than of the request: PostgreSQL out of reach (a dropped
 * or refused connection, a server shutting down or restarting, no free connection in time), SQLite
 * locked by another writer for longer than the busy timeout, or the database's disk full or
 * failing. The database layer raises them as a DatabaseFaultError; the error handler answers 503
 * DATABASE_UNAVAILABLE or 507 DATABASE_STORAGE_UNAVAILABLE, and the job queues retry work that
 * met one instead of failing it.
 */
export type DatabaseFault =
  /** PostgreSQL cannot be reached or will not serve now. */
  | 'unreachable'
  /** SQLite: another connection holds the write lock. */
  | 'busy'
  /** The database cannot write: its disk is full, read-only or failing. */
  | 'storage';

export class DatabaseFaultError extends Error {
  constructor(
    readonly fault: DatabaseFault,
    options: { cause: unknown },
  ) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(`Database ${fault}: ${reason}`, options);
    this.name = 'DatabaseFaultError';
  }
}

/** Socket errors of a connection that could not be made or was torn down. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres raises these without a code. */
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * PostgreSQL SQLSTATEs of a server that will not serve: admin, crash and start-up shutdowns, too
 * many connections, out of memory, and a read-only standby (a fail-over in progress). Class 08
 * (connection exceptions) is matched by its prefix.
 */
const PG_UNREACHABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53200', '25006']);
/** disk_full, io_error. */
const PG_STORAGE_STATES = new Set(['53100', '58030']);

function classifyOne(error: object): DatabaseFault | null {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (code.startsWith('SQLITE_')) {
    if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return 'busy';
    if (/^SQLITE_(FULL|IOERR|READONLY)/.test(code)) return 'storage';
    return null;
  }
  if (NETWORK_CODES.has(code)) return 'unreachable';
  if (code.startsWith('08') || PG_UNREACHABLE_STATES.has(code)) return 'unreachable';
  if (PG_STORAGE_STATES.has(code)) return 'storage';
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  if (PG_CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return 'unreachable';
  return null;
}

/** Errors nested in `error`: its cause, and an AggregateError's errors (a connection tried on several addresses). */
function nestedIn(error: object): unknown[] {
  return [
    ...('cause' in error ? [error.cause] : []),
    ...(error instanceof AggregateError ? error.errors : []),
  ];
}

/**
 * Which fault a database driver's error (node-postgres, better-sqlite3) reports, or null. Only
 * for errors known to come from the database: socket codes such as ECONNRESET mean nothing
 * about the database when a vendor's HTTP call raised them.
 */
export function classifyDriverError(error: unknown, depth = 0): DatabaseFault | null {
  if (typeof error !== 'object' || error === null || depth > 4) return null;
  const own = classifyOne(error);
  if (own) return own;
  for (const inner of nestedIn(error)) {
    const fault = classifyDriverError(inner, depth + 1);
    if (fault) return fault;
  }
  return null;
}

/** A database driver's error as a DatabaseFaultError when it is one; any other error unchanged. */
export function asDatabaseFault(error: unknown): unknown {
  if (error instanceof DatabaseFaultError) return error;
  const fault = classifyDriverError(error);
  return fault ? new DatabaseFaultError(fault, { cause: error }) : error;
}

/** The DatabaseFaultError in `error` or its causes, if any. */
export function databaseFaultIn(error: unknown, depth = 0): DatabaseFaultError | null {
  if (error instanceof DatabaseFaultError) return error;
  if (typeof error !== 'object' || error === null || depth > 4) return null;
  for (const inner of nestedIn(error)) {
    const found = databaseFaultIn(inner, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Work that met this error may simply run again once the database is back. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const fault = databaseFaultIn(error)?.fault;
  return fault === 'unreachable' || fault === 'busy';
}

/**
 * A lost connection's error, fit for a log line: node-postgres hangs the whole client on the
 * errors its pool reports, which would bury the reason.
 */
export function connectionErrorSummary(error: unknown): { code?: string; reason: string } {
  if (!(error instanceof Error)) return { reason: String(error) };
  const code = (error as { code?: unknown }).code;
  return { ...(typeof code === 'string' ? { code } : {}), reason: error.message };
}

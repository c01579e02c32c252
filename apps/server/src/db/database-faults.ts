import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { asDatabaseFault } from '../errors/database-errors';

/** Runs `call`, raising its error (thrown at once, as better-sqlite3 does, or later) as a fault. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asDatabaseFault(error);
  }
}

class FaultConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return guarded(() => this.inner.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      throw asDatabaseFault(error);
    }
  }
}

/** The driver's own connection: its release and transaction calls need the object it made. */
const unwrap = (connection: DatabaseConnection) =>
  connection instanceof FaultConnection ? connection.inner : connection;

class FaultDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return guarded(() => this.inner.init());
  }
  async acquireConnection() {
    return new FaultConnection(await guarded(() => this.inner.acquireConnection()));
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return guarded(() => this.inner.beginTransaction(unwrap(connection), settings));
  }
  commitTransaction(connection: DatabaseConnection) {
    return guarded(() => this.inner.commitTransaction(unwrap(connection)));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.rollbackTransaction(unwrap(connection));
    } catch (error) {
      // SQLite rolls a transaction back by itself when a statement fails with SQLITE_FULL,
      // SQLITE_IOERR, SQLITE_BUSY or SQLITE_NOMEM: the rollback is done, and its error would
      // hide the one that says why.
      if (/no transaction is active/.test((error as Error).message)) return;
      throw asDatabaseFault(error);
    }
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.savepointCall('savepoint', connection, name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.savepointCall('rollbackToSavepoint', connection, name, compile);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.savepointCall('releaseSavepoint', connection, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(unwrap(connection));
  }
  destroy() {
    return this.inner.destroy();
  }

  private async savepointCall(
    method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint',
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const call = this.inner[method];
    if (!call) throw new Error(`The database driver does not support ${method}`);
    await guarded(() => call.call(this.inner, unwrap(connection), name, compile));
  }
}

/**
 * `dialect`, except that an error by which the driver says the database itself failed (see
 * errors/database-errors.ts) reaches the caller as a DatabaseFaultError, so every query of the
 * app is judged in one place and socket errors of other origins are never mistaken for it.
 */
export function reportingFaults(dialect: Dialect): Dialect {
  const wrapped: Dialect = {
    createDriver: () => new FaultDriver(dialect.createDriver()),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createIntrospector: (db): DatabaseIntrospector => dialect.createIntrospector(db),
  };
  return wrapped;
}

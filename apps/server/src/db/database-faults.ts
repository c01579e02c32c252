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

function raise(error: unknown): never {
  throw asDatabaseFault(error);
}

class FaultConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.inner.executeQuery<R>(query).catch(raise);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      raise(error);
    }
  }
}

/** The driver's own connection: its release and transaction calls need the object it made. */
const unwrap = (connection: DatabaseConnection) =>
  connection instanceof FaultConnection ? connection.inner : connection;

class FaultDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init().catch(raise);
  }
  async acquireConnection() {
    return new FaultConnection(await this.inner.acquireConnection().catch(raise));
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(unwrap(connection), settings).catch(raise);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(unwrap(connection)).catch(raise);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(unwrap(connection)).catch(raise);
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
    await call.call(this.inner, unwrap(connection), name, compile).catch(raise);
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

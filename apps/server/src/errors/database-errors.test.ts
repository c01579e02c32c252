import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/test-support.mjs';
import {
  DatabaseFaultError,
  asDatabaseFault,
  classifyDriverError,
  connectionErrorSummary,
  databaseFaultIn,
  isDatabaseUnavailable,
} from './database-errors';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-db-errors-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What `work` threw. */
async function thrown(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/** A TCP server on 127.0.0.1 doing `onSocket` with each connection, as a broken database would. */
async function brokenServer(onSocket: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/none`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('database errors of better-sqlite3', () => {
  const file = path.join(dir, 'sqlite.db');
  const holder = new SQLite(file);
  holder.pragma('journal_mode = WAL');
  holder.exec('create table t (a text)');
  afterAll(() => holder.close());

  it('calls a write lock held by another connection busy', async () => {
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    holder.exec('begin immediate');
    const error = await thrown(() => other.prepare("insert into t values ('x')").run());
    holder.exec('rollback');
    other.close();
    expect((error as { code: string }).code).toBe('SQLITE_BUSY');
    expect(classifyDriverError(error)).toBe('busy');
  });

  it('calls a full or read-only database a storage fault', async () => {
    const full = new SQLite(path.join(dir, 'full.db'));
    full.exec('create table t (a text)');
    full.pragma(`max_page_count = ${full.pragma('page_count', { simple: true }) as number}`);
    const fullError = await thrown(() => full.prepare('insert into t values (?)').run('x'.repeat(20_000)));
    full.close();
    expect((fullError as { code: string }).code).toBe('SQLITE_FULL');
    expect(classifyDriverError(fullError)).toBe('storage');

    const readOnly = new SQLite(file, { readonly: true });
    const readOnlyError = await thrown(() => readOnly.prepare("insert into t values ('x')").run());
    readOnly.close();
    expect((readOnlyError as { code: string }).code).toMatch(/^SQLITE_READONLY/);
    expect(classifyDriverError(readOnlyError)).toBe('storage');
  });

  it('leaves the errors of a bad statement alone', async () => {
    holder.exec('create unique index t_a on t (a)');
    holder.prepare("insert into t values ('once')").run();
    const error = await thrown(() => holder.prepare("insert into t values ('once')").run());
    expect((error as { code: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(classifyDriverError(error)).toBeNull();
    expect(asDatabaseFault(error)).toBe(error);
  });
});

describe('database errors of node-postgres', () => {
  it('calls a refused connection unreachable', async () => {
    const client = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/none`,
    });
    const error = await thrown(() => client.connect());
    expect(classifyDriverError(error)).toBe('unreachable');
  });

  it('calls a connection torn down while it opens unreachable', async () => {
    const server = await brokenServer((socket) => socket.destroy());
    const error = await thrown(() => new pg.Client({ connectionString: server.url }).connect());
    await server.close();
    expect(String((error as Error).message)).toMatch(/Connection terminated unexpectedly|ECONNRESET/);
    expect(classifyDriverError(error)).toBe('unreachable');
  });

  it('calls a pool that gets no connection in time unreachable', async () => {
    // Accepts and never answers, like a server behind a dead network path.
    const server = await brokenServer(() => undefined);
    const pool = new pg.Pool({ connectionString: server.url, connectionTimeoutMillis: 200 });
    const error = await thrown(() => pool.query('select 1'));
    await pool.end();
    await server.close();
    expect(String((error as Error).message)).toMatch(/timeout/);
    expect(classifyDriverError(error)).toBe('unreachable');
  });

  it('calls the SQLSTATEs of a server that will not serve unreachable, and a full disk storage', () => {
    const withState = (code: string) => Object.assign(new Error('from the server'), { code });
    expect(classifyDriverError(withState('57P01'))).toBe('unreachable');
    expect(classifyDriverError(withState('08006'))).toBe('unreachable');
    expect(classifyDriverError(withState('53300'))).toBe('unreachable');
    expect(classifyDriverError(withState('53100'))).toBe('storage');
    expect(classifyDriverError(withState('23505'))).toBeNull();
    expect(classifyDriverError(withState('42P01'))).toBeNull();
  });
});

describe('a DatabaseFaultError', () => {
  it('is found through the causes of what wraps it, and says whether the work may run again', () => {
    const fault = asDatabaseFault(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    expect(fault).toBeInstanceOf(DatabaseFaultError);
    const wrapped = new Error('the job failed', { cause: fault });
    expect(databaseFaultIn(wrapped)).toBe(fault);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(asDatabaseFault(fault)).toBe(fault);
    const storage = asDatabaseFault(Object.assign(new Error('disk full'), { code: 'SQLITE_FULL' }));
    expect(isDatabaseUnavailable(storage)).toBe(false);
  });

  it('is never assumed from a socket error that did not pass the database layer', () => {
    const vendorReset = new TypeError('fetch failed', {
      cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    });
    expect(databaseFaultIn(vendorReset)).toBeNull();
    expect(isDatabaseUnavailable(vendorReset)).toBe(false);
  });

  it('summarises a lost connection without the client node-postgres hangs on it', () => {
    const error = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', client: {} });
    expect(connectionErrorSummary(error)).toEqual({ code: 'ECONNRESET', reason: 'read ECONNRESET' });
  });
});

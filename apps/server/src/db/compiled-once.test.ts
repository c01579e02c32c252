import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once';
import type { Database } from './schema';

describe('compiledOnce', () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec(
    'create table users (id text primary key, wallet_address text, data_version integer default 0)',
  );
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  afterEach(() => sqlite.exec('delete from users'));

  it('builds once and runs each call with its own values, keeping the constants of the query', async () => {
    let builds = 0;
    const raise = compiledOnce((db, id: string) => {
      builds += 1;
      return db
        .updateTable('users')
        .set((eb) => ({ data_version: eb('data_version', '+', 2) }))
        .where('id', '=', id)
        .returning(['id', 'data_version']);
    });
    sqlite.exec("insert into users (id, wallet_address) values ('a', 'wa'), ('b', 'wb')");
    expect((await raise(db, 'a')).rows).toEqual([{ id: 'a', data_version: 2 }]);
    expect((await raise(db, 'b')).rows).toEqual([{ id: 'b', data_version: 2 }]);
    expect((await raise(db, 'a')).rows).toEqual([{ id: 'a', data_version: 4 }]);
    expect(builds).toBe(1);
  });

  it('puts the arguments where the query has them, in any order', async () => {
    const find = compiledOnce((db, wallet: string, id: string) =>
      db.selectFrom('users').select('id').where('id', '=', id).where('wallet_address', '=', wallet),
    );
    sqlite.exec("insert into users (id, wallet_address) values ('a', 'wa')");
    expect((await find(db, 'wa', 'a')).rows).toEqual([{ id: 'a' }]);
    expect((await find(db, 'a', 'wa')).rows).toEqual([]);
  });

  it('refuses a build that changes an argument, or leaves one out, instead of using it as a value', async () => {
    const changed = compiledOnce((db, id: string) =>
      db.selectFrom('users').select('id').where('id', '=', id.toLowerCase()),
    );
    await expect(changed(db, 'a')).rejects.toThrow('an argument was changed');
    const unused = compiledOnce((db, _id: string) =>
      db.selectFrom('users').select('id').where('id', '=', 'a'),
    );
    await expect(unused(db, 'b')).rejects.toThrow('argument 0 is not a value of the query');
  });
});

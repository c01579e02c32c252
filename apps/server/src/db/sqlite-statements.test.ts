import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { reusingStatements } from './sqlite-statements';

describe('reusingStatements', () => {
  it('prepares a text once, keeps the newest `size` texts, and follows schema changes', () => {
    const sqlite = new SQLite(':memory:');
    const db = reusingStatements(sqlite, 2);
    sqlite.exec('create table t (a integer)');
    const insert = db.prepare('insert into t (a) values (?)');
    expect(db.prepare('insert into t (a) values (?)')).toBe(insert);
    (insert as unknown as SQLite.Statement).run(1);

    const select = db.prepare('select * from t');
    db.prepare('select count(*) as n from t');
    expect(db.prepare('select * from t')).toBe(select);
    expect(db.prepare('insert into t (a) values (?)')).not.toBe(insert);

    sqlite.exec('alter table t add column b text');
    expect((select as unknown as SQLite.Statement).all()).toEqual([{ a: 1, b: null }]);
    db.close();
  });
});

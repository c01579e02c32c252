import type { ColumnDataType, ColumnDefinitionBuilder, Kysely } from 'kysely';

// Applied migrations build their tables with these: what they produce must never change.

type ColumnOptions = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export const required: ColumnOptions = (col) => col.notNull();

/** A user's rows go with the user. */
export const ownedByUser: ColumnOptions = (col) => col.notNull().references('users.id').onDelete('cascade');

/** A table whose first column, `key`, is its primary key. */
export function keyedTable(db: Kysely<unknown>, table: string, key: string, type: ColumnDataType) {
  return db.schema.createTable(table).addColumn(key, type, (col) => col.primaryKey());
}

/** A table of user data: its own id first, then its owner. */
export function userTable(db: Kysely<unknown>, table: string) {
  return keyedTable(db, table, 'id', 'varchar(64)').addColumn('user_id', 'varchar(64)', ownedByUser);
}

/** An index of `table` on `columns`, in that order. */
export function indexOn(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return db.schema.createIndex(name).on(table).columns(columns);
}

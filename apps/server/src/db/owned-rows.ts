import type { Compilable, Kysely, Selectable, Updateable } from 'kysely';
import { compiledOnce } from './compiled-once';
import type { Database } from './schema';

/** The tables of user data whose rows have an id of their own. */
export type OwnedTable = {
  [T in keyof Database]: Database[T] extends { id: string; user_id: string } ? T : never;
}[keyof Database];

/**
 * The owned tables as Kysely can query them when the table is a type parameter: it cannot name the
 * columns of such a table, so the helpers below query this view and answer the table's own types.
 */
type OwnedView = Kysely<Record<OwnedTable, { id: string; user_id: string; [column: string]: unknown }>>;

const ownedView = (db: Kysely<Database>) => db as unknown as OwnedView;

/** One query per owned table, compiled once: gets and deletes of one row are most of the traffic. */
function perTable<Row>(
  build: (db: OwnedView, table: OwnedTable, userId: string, id: string) => Compilable<Row>,
) {
  const queries = new Map<OwnedTable, ReturnType<typeof compiledOnce<[string, string], Row>>>();
  return (db: Kysely<Database>, table: OwnedTable, userId: string, id: string) => {
    let query = queries.get(table);
    if (!query) {
      query = compiledOnce((db, userId: string, id: string) => build(ownedView(db), table, userId, id));
      queries.set(table, query);
    }
    return query(db, userId, id);
  };
}

const selectOwned = perTable((db, table, userId, id) =>
  db.selectFrom(table).selectAll().where('user_id', '=', userId).where('id', '=', id),
);

const deleteOwnedRow = perTable((db, table, userId, id) =>
  db.deleteFrom(table).where('user_id', '=', userId).where('id', '=', id),
);

/** The owner's row `id` of `table`, all of it; undefined when the owner has no such row. */
export async function findOwned<T extends OwnedTable>(
  db: Kysely<Database>,
  table: T,
  userId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  const { rows } = await selectOwned(db, table, userId, id);
  return rows[0] as Selectable<Database[T]> | undefined;
}

/** Applies `changes` to the owner's row `id` and answers the row as it is now; undefined when there is none. */
export async function updateOwned<T extends OwnedTable>(
  db: Kysely<Database>,
  table: T,
  userId: string,
  id: string,
  changes: Updateable<Database[T]>,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await ownedView(db)
    .updateTable(table as OwnedTable)
    .set(changes as Record<string, unknown>)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/** Deletes the owner's row `id`; answers whether there was one. */
export async function deleteOwned(db: Kysely<Database>, table: OwnedTable, userId: string, id: string) {
  const { numAffectedRows } = await deleteOwnedRow(db, table, userId, id);
  return Number(numAffectedRows ?? 0) > 0;
}

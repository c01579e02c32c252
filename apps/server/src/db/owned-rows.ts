import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema';

/** The tables of user data whose rows have an id of their own. */
export type OwnedTable = {
  [T in keyof Database]: Database[T] extends { id: string; user_id: string } ? T : never;
}[keyof Database];

/** The owner's row `id` of `table`, all of it; undefined when the owner has no such row. */
export async function findOwned<T extends OwnedTable>(
  db: Kysely<Database>,
  table: T,
  userId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .selectFrom(table as OwnedTable)
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  // Kysely cannot name the columns of a table given by a type parameter; the row is that table's.
  return row as Selectable<Database[T]> | undefined;
}

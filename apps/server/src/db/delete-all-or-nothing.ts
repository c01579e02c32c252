import type { Transaction } from 'kysely';
import type { Db } from './client';
import type { Database } from './schema';
import { bumpDataVersion } from './sql-helpers';

class NotAllOwned extends Error {}

/**
 * Runs `remove` (a delete of the user's rows naming `expected` ids) in one transaction that raises
 * the user's data version. When fewer rows went than were named, one id was not the user's (or
 * is gone): everything rolls back and the answer is undefined.
 */
export async function deleteAllOrNothing<Row>(
  db: Db,
  userId: string,
  expected: number,
  remove: (trx: Transaction<Database>) => Promise<Row[]>,
): Promise<Row[] | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      const removed = await remove(trx);
      if (removed.length !== expected) throw new NotAllOwned();
      await bumpDataVersion(trx, userId);
      return removed;
    });
  } catch (error) {
    if (error instanceof NotAllOwned) return undefined;
    throw error;
  }
}

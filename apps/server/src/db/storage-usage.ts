import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

/**
 * Holds the user's storage lock until the transaction ends, so that two requests reserving room
 * at once take turns: the second measures what the first has just taken. The lock is a write of
 * the user's own row that changes nothing: PostgreSQL keeps the row locked until commit, and
 * SQLite runs one writing transaction at a time.
 */
export async function lockUserStorage(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ data_version: eb.ref('data_version') }))
    .where('id', '=', userId)
    .execute();
}

/**
 * Bytes the user's storage holds: complete files, the whole announced size of uploads written
 * since `idleBefore` (the bytes they hold for older ones), and the kept text of imported cards.
 */
export async function storageUsed(
  trx: Kysely<Database>,
  userId: string,
  idleBefore: string,
): Promise<number> {
  const files = await trx
    .selectFrom('files')
    .select(
      sql<
        number | string | null
      >`sum(case when status = 'uploading' and updated_at < ${idleBefore} then size else total_size end)`.as(
        'bytes',
      ),
    )
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const cards = await trx
    .selectFrom('characters')
    .select(sql<number | string | null>`sum(octet_length(card_data))`.as('bytes'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(files.bytes ?? 0) + Number(cards.bytes ?? 0);
}

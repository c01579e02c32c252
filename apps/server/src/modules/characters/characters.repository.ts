import type { Selectable } from 'kysely';
import type { ListResponse } from '@baegen/shared';
import type { Db } from '../../db/client';
import { deleteAllOrNothing } from '../../db/delete-all-or-nothing';
import { type PageRequest, newestFirstPage } from '../../db/pagination';
import type { CharactersTable } from '../../db/schema';
import { bumpDataVersion, containsInsensitive } from '../../db/sql-helpers';

export type CharacterRow = Selectable<CharactersTable>;

export type CharacterFields = Pick<CharacterRow, 'name' | 'description' | 'attributes' | 'image_url'>;

export class CharactersRepository {
  constructor(private readonly db: Db) {}

  /** One page newest first, with the count of every row matching the search. */
  async list(
    userId: string,
    search: string | undefined,
    page: PageRequest,
  ): Promise<ListResponse<CharacterRow>> {
    const matching = this.db
      .selectFrom('characters')
      .where('user_id', '=', userId)
      .$if(search !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            containsInsensitive(eb.ref('name'), search!),
            containsInsensitive(eb.ref('description'), search!),
          ]),
        ),
      );
    return newestFirstPage(matching, matching.selectAll(), { createdAt: 'created_at', id: 'id' }, page);
  }

  async findById(userId: string, id: string): Promise<CharacterRow | undefined> {
    return this.db
      .selectFrom('characters')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async findName(userId: string, id: string): Promise<{ id: string; name: string } | undefined> {
    return this.db
      .selectFrom('characters')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async usesImageUrl(userId: string, url: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('characters')
      .select('id')
      .where('user_id', '=', userId)
      .where('image_url', '=', url)
      .executeTakeFirst();
    return row !== undefined;
  }

  async count(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('characters')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insert(row: CharacterRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('characters').values(row).execute();
      await bumpDataVersion(trx, row.user_id);
    });
  }

  async update(
    userId: string,
    id: string,
    fields: CharacterFields & { updated_at: string },
  ): Promise<CharacterRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('characters')
        .set(fields)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      // The media list shows each record's character name: a rename changes it too.
      if (updated) await bumpDataVersion(trx, userId);
      return updated;
    });
  }

  /** True when a row of this owner was deleted. */
  async delete(userId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('characters')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows) > 0;
      if (deleted) await bumpDataVersion(trx, userId);
      return deleted;
    });
  }

  /** Deletes all of the user's characters named, or none (false) when one is not the user's. */
  async deleteMany(userId: string, ids: string[]): Promise<boolean> {
    const removed = await deleteAllOrNothing(this.db, userId, ids.length, (trx) =>
      trx
        .deleteFrom('characters')
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .returning('id')
        .execute(),
    );
    return removed !== undefined;
  }
}

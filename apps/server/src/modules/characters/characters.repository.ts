import type { Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { CharactersTable } from '../../db/schema';
import { type Cursor, containsInsensitive } from '../../db/sql-helpers';

export type CharacterRow = Selectable<CharactersTable>;

export interface CharacterListFilter {
  search?: string;
  limit: number;
  after?: Cursor;
}

export type CharacterFields = Pick<CharacterRow, 'name' | 'description' | 'attributes' | 'image_url'>;

export class CharactersRepository {
  constructor(private readonly db: Db) {}

  /** One page newest first, plus the count of every row matching the search. */
  async list(userId: string, filter: CharacterListFilter): Promise<{ rows: CharacterRow[]; total: number }> {
    let matching = this.db.selectFrom('characters').where('user_id', '=', userId);
    const term = filter.search;
    if (term) {
      matching = matching.where((eb) =>
        eb.or([containsInsensitive(eb.ref('name'), term), containsInsensitive(eb.ref('description'), term)]),
      );
    }
    let page = matching.selectAll();
    const after = filter.after;
    if (after) {
      page = page.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      page.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute(),
      matching.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async findById(userId: string, id: string): Promise<CharacterRow | undefined> {
    return this.db
      .selectFrom('characters')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: CharacterRow): Promise<void> {
    await this.db.insertInto('characters').values(row).execute();
  }

  async update(
    userId: string,
    id: string,
    fields: CharacterFields & { updated_at: string },
  ): Promise<CharacterRow | undefined> {
    return this.db
      .updateTable('characters')
      .set(fields)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** True when a row of this owner was deleted. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('characters')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

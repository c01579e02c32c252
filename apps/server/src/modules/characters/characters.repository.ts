import type { Insertable, Selectable } from 'kysely';
import type { ListResponse } from '@baegen/shared/contract';
import type { Db } from '../../db/client';
import { deleteAllOrNothing } from '../../db/delete-all-or-nothing';
import { deleteOwned, findOwned, updateOwned } from '../../db/owned-rows';
import { type PageRequest, keysetPage } from '../../db/pagination';
import type { CharactersTable } from '../../db/schema';
import { bumpDataVersion, containsInsensitive } from '../../db/sql-helpers';
import { lockUserStorage, storageUsed } from '../../db/storage-usage';
import type { StorageQuota } from '../storage';

export type CharacterRow = Selectable<CharactersTable>;

/** A character without the rest of its imported card, which may hold a whole lorebook. */
export type CharacterSummaryRow = Omit<CharacterRow, 'card_data'>;

const SUMMARY_COLUMNS = [
  'id',
  'user_id',
  'name',
  'description',
  'attributes',
  'image_url',
  'created_at',
  'updated_at',
  'favorite',
] as const satisfies ReadonlyArray<keyof CharacterSummaryRow>;

export type CharacterFields = Pick<CharacterRow, 'name' | 'description' | 'attributes' | 'image_url'>;

/** What an update may change: the form's fields with their edit time, the star, or both. */
export type CharacterChanges = Partial<CharacterFields & { updated_at: string; favorite: number }>;

export interface CharacterFilter {
  search?: string;
  favorite?: boolean;
}

export class CharactersRepository {
  constructor(private readonly db: Db) {}

  /** One page in the requested order, with the count of every row matching the filter. */
  async list(
    userId: string,
    filter: CharacterFilter,
    page: PageRequest,
  ): Promise<ListResponse<CharacterSummaryRow>> {
    const { search, favorite } = filter;
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
      )
      .$if(favorite !== undefined, (qb) => qb.where('favorite', '=', favorite ? 1 : 0));
    return keysetPage(
      matching,
      matching.select(SUMMARY_COLUMNS),
      { createdAt: 'created_at', id: 'id' },
      page,
    );
  }

  async findById(userId: string, id: string): Promise<CharacterRow | undefined> {
    return findOwned(this.db, 'characters', userId, id);
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

  async insert(row: Insertable<CharactersTable>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('characters').values(row).execute();
      await bumpDataVersion(trx, row.user_id);
    });
  }

  /**
   * Inserts a character whose imported card text counts against the user's storage, if it fits:
   * measured and inserted under the user's storage lock, as files are. Answers null when stored,
   * else the bytes in use that left no room.
   */
  async insertWithinQuota(row: CharacterRow, quota: StorageQuota): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      await lockUserStorage(trx, row.user_id);
      const used = await storageUsed(trx, row.user_id, quota.idleBefore);
      if (used + Buffer.byteLength(row.card_data ?? '') > quota.bytes) return used;
      await trx.insertInto('characters').values(row).execute();
      await bumpDataVersion(trx, row.user_id);
      return null;
    });
  }

  async update(userId: string, id: string, fields: CharacterChanges): Promise<CharacterRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await updateOwned(trx, 'characters', userId, id, fields);
      // The media list shows each record's character name too: a rename changes it.
      if (updated) await bumpDataVersion(trx, userId);
      return updated;
    });
  }

  /** True when a row of this owner was deleted. */
  async delete(userId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await deleteOwned(trx, 'characters', userId, id);
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

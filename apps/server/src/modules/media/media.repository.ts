import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { ListResponse, MediaType } from '@baegen/shared/contract';
import type { Db } from '../../db/client';
import { deleteAllOrNothing } from '../../db/delete-all-or-nothing';
import { findOwned } from '../../db/owned-rows';
import { type PageRequest, keysetPage } from '../../db/pagination';
import type { Database, MediaTable } from '../../db/schema';
import { bumpDataVersion, containsInsensitive, isUniqueViolation } from '../../db/sql-helpers';

export interface MediaFilter {
  characterId?: string;
  type?: MediaType;
  search?: string;
  favorite?: boolean;
}

export type MediaRow = Selectable<MediaTable> & { character_name: string | null };

export interface MediaTypeCounts {
  videos: number;
  images: number;
}

/**
 * The user's media joined with the character of the same user, so a deleted character (or an id
 * that names someone else's character) yields a null name rather than another user's data.
 */
function withCharacters(db: Db, userId: string) {
  return db
    .selectFrom('media')
    .leftJoin('characters', (join) =>
      join
        .onRef('characters.id', '=', 'media.character_id')
        .onRef('characters.user_id', '=', 'media.user_id'),
    )
    .where('media.user_id', '=', userId);
}

/** The filters on the media's own columns, the same whether or not the query joins characters. */
function mediaConditions(eb: ExpressionBuilder<Database, 'media'>, filter: MediaFilter) {
  const { characterId, type, favorite } = filter;
  return eb.and([
    ...(characterId === undefined ? [] : [eb('media.character_id', '=', characterId)]),
    ...(type === undefined ? [] : [eb('media.type', '=', type)]),
    ...(favorite === undefined ? [] : [eb('media.favorite', '=', favorite ? 1 : 0)]),
  ]);
}

export class MediaRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserting an id that exists does nothing: a job that saves its media again after a restart.
   * Answers false when another record of the user already shows the same stored file.
   */
  async insert(row: Insertable<MediaTable>): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('media')
          .values(row)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        await bumpDataVersion(trx, row.user_id);
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** One media record of the user; undefined when they have none with this id. */
  async get(userId: string, id: string): Promise<Selectable<MediaTable> | undefined> {
    return findOwned(this.db, 'media', userId, id);
  }

  /** The id of one of the user's records with any of these column values. */
  private async idOfAny(userId: string, values: Partial<Record<'file_id' | 'url' | 'thumbnail', string>>) {
    const row = await this.db
      .selectFrom('media')
      .select('id')
      .where('user_id', '=', userId)
      .where((eb) => eb.or(values))
      .executeTakeFirst();
    return row?.id;
  }

  /** The id of the user's record that already shows this stored file (by file id or by its URL). */
  async findByFile(userId: string, fileId: string, url: string): Promise<string | undefined> {
    return this.idOfAny(userId, { file_id: fileId, url });
  }

  /** The id of the user's record that shows this URL. */
  async findByUrl(userId: string, url: string): Promise<string | undefined> {
    return this.idOfAny(userId, { url });
  }

  /**
   * The user's media with their character's name, filtered. The join stays in this one statement:
   * the search matches character names, and the total and the keyset pages must agree with it.
   */
  private filtered(userId: string, filter: MediaFilter) {
    const { search } = filter;
    return withCharacters(this.db, userId)
      .where((eb) => mediaConditions(eb, filter))
      .$if(search !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            containsInsensitive(eb.ref('media.prompt'), search!),
            containsInsensitive(sql.ref<string>('characters.name'), search!),
          ]),
        ),
      );
  }

  /** One page in the requested order, with the count of every row the filter matches. */
  async list(userId: string, filter: MediaFilter, page: PageRequest): Promise<ListResponse<MediaRow>> {
    const matching = this.filtered(userId, filter);
    const rows = matching.selectAll('media').select('characters.name as character_name');
    // Without a search the join cannot change the count (an id names one character at most), and
    // counting the media alone reads one index instead of looking up a character per row.
    const counted =
      filter.search === undefined
        ? this.db
            .selectFrom('media')
            .where('media.user_id', '=', userId)
            .where((eb) => mediaConditions(eb, filter))
        : matching;
    return keysetPage(counted, rows, { createdAt: 'media.created_at', id: 'media.id' }, page);
  }

  /** Stars or unstars the user's media; answers it as a list shows it, undefined when the user has no such media. */
  async setFavorite(userId: string, id: string, favorite: boolean): Promise<MediaRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('media')
        .set({ favorite: favorite ? 1 : 0 })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return undefined;
      await bumpDataVersion(trx, userId);
      return withCharacters(trx, userId)
        .selectAll('media')
        .select('characters.name as character_name')
        .where('media.user_id', '=', userId)
        .where('media.id', '=', id)
        .executeTakeFirstOrThrow();
    });
  }

  /** Deletes the user's media row and returns it; undefined when the user has no such media. */
  async delete(userId: string, id: string): Promise<Selectable<MediaTable> | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('media')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (removed) await bumpDataVersion(trx, userId);
      return removed;
    });
  }

  /** The user's media among `ids`, with their character names; ids of no such media are left out. */
  async findByIds(userId: string, ids: string[]): Promise<MediaRow[]> {
    return this.filtered(userId, {})
      .where('media.id', 'in', ids)
      .selectAll('media')
      .select('characters.name as character_name')
      .execute();
  }

  /** Deletes all of the user's media named, or none (undefined) when one is not the user's. */
  async deleteMany(userId: string, ids: string[]): Promise<Selectable<MediaTable>[] | undefined> {
    return deleteAllOrNothing(this.db, userId, ids.length, (trx) =>
      trx.deleteFrom('media').where('user_id', '=', userId).where('id', 'in', ids).returningAll().execute(),
    );
  }

  /** Whether any of the user's media still show this URL, as the file or as the thumbnail. */
  async isUrlInUse(userId: string, url: string): Promise<boolean> {
    return (await this.idOfAny(userId, { url, thumbnail: url })) !== undefined;
  }

  async countByType(userId: string): Promise<MediaTypeCounts> {
    const byType = await this.db
      .selectFrom('media')
      .select(['type', (eb) => eb.fn.countAll().as('count')])
      .where('user_id', '=', userId)
      .groupBy('type')
      .execute();
    const countOf = (type: MediaType) => Number(byType.find((row) => row.type === type)?.count ?? 0);
    return { videos: countOf('video'), images: countOf('image') };
  }
}

import { type Expression, type SqlBool, sql } from 'kysely';
import type { MediaType } from '@baegen/shared';
import type { Db } from '../../db/client';
import type { MediaTable } from '../../db/schema';
import { type Cursor, containsInsensitive } from '../../db/sql-helpers';

export interface MediaFilter {
  characterId?: string;
  type?: MediaType;
  search?: string;
}

export type MediaRow = MediaTable & { character_name: string | null };

export interface MediaCounts {
  characters: number;
  videos: number;
  images: number;
}

export class MediaRepository {
  constructor(private readonly db: Db) {}

  async findCharacter(userId: string, characterId: string) {
    return this.db
      .selectFrom('characters')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('id', '=', characterId)
      .executeTakeFirst();
  }

  async insert(row: MediaTable): Promise<void> {
    await this.db.insertInto('media').values(row).execute();
  }

  /**
   * The user's media joined with the character of the same user, so a deleted character (or an id
   * that names someone else's character) yields a null name rather than another user's data.
   */
  private filtered(userId: string, filter: MediaFilter) {
    const { characterId, type, search } = filter;
    return this.db
      .selectFrom('media')
      .leftJoin('characters', (join) =>
        join
          .onRef('characters.id', '=', 'media.character_id')
          .onRef('characters.user_id', '=', 'media.user_id'),
      )
      .where('media.user_id', '=', userId)
      .$if(characterId !== undefined, (qb) => qb.where('media.character_id', '=', characterId!))
      .$if(type !== undefined, (qb) => qb.where('media.type', '=', type!))
      .$if(search !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            containsInsensitive(eb.ref('media.prompt'), search!),
            containsInsensitive(sql.ref<string>('characters.name'), search!),
          ]),
        ),
      );
  }

  /** One page, newest first; asks for one extra row so the caller knows whether more follow. */
  async list(userId: string, filter: MediaFilter, limit: number, after?: Cursor): Promise<MediaRow[]> {
    return this.filtered(userId, filter)
      .selectAll('media')
      .select('characters.name as character_name')
      .$if(after !== undefined, (qb) =>
        qb.where((eb): Expression<SqlBool> =>
          eb.or([
            eb('media.created_at', '<', after!.createdAt),
            eb.and([eb('media.created_at', '=', after!.createdAt), eb('media.id', '<', after!.id)]),
          ]),
        ),
      )
      .orderBy('media.created_at', 'desc')
      .orderBy('media.id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  async count(userId: string, filter: MediaFilter): Promise<number> {
    const row = await this.filtered(userId, filter)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Deletes the user's media row and returns it; undefined when the user has no such media. */
  async delete(userId: string, id: string): Promise<MediaTable | undefined> {
    return this.db
      .deleteFrom('media')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Whether any of the user's media or characters still point at this URL. */
  async isUrlInUse(userId: string, url: string): Promise<boolean> {
    const media = await this.db
      .selectFrom('media')
      .select('id')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('url', '=', url), eb('thumbnail', '=', url)]))
      .executeTakeFirst();
    if (media) return true;
    const character = await this.db
      .selectFrom('characters')
      .select('id')
      .where('user_id', '=', userId)
      .where('image_url', '=', url)
      .executeTakeFirst();
    return character !== undefined;
  }

  async counts(userId: string): Promise<MediaCounts> {
    const characters = await this.db
      .selectFrom('characters')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const byType = await this.db
      .selectFrom('media')
      .select(['type', (eb) => eb.fn.countAll().as('count')])
      .where('user_id', '=', userId)
      .groupBy('type')
      .execute();
    const countOf = (type: MediaType) => Number(byType.find((row) => row.type === type)?.count ?? 0);
    return { characters: Number(characters.count), videos: countOf('video'), images: countOf('image') };
  }
}

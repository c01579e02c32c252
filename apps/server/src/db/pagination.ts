import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type ListResponse, type ListSort, isSafeText } from '@baegen/shared/contract';
import { InvalidCursorError } from '../errors/domain-errors';

/** Lists run by (created_at, id), newest first unless asked; the cursor is the last row of the previous page. */
export interface Cursor {
  createdAt: string;
  id: string;
}

export interface PageRequest {
  limit: number;
  /** The `nextCursor` of the previous page, as the client sent it back. */
  cursor?: string;
  /** `newest` when left out. */
  sort?: ListSort;
}

/** Where a list query finds its sort keys, qualified when the query joins other tables. */
export interface KeysetColumns {
  createdAt: string;
  id: string;
}

type KeysetRow = { created_at: string; id: string };

/**
 * An oldest-first cursor carries its order, a newest-first one stays the pair it always was: a
 * cursor only continues the order that made it, since its keys mean the opposite in the other.
 */
const OLDEST_MARK = 'oldest';

export function encodeCursor(cursor: Cursor, sort: ListSort = 'newest'): string {
  const keys = sort === 'oldest' ? [cursor.createdAt, cursor.id, OLDEST_MARK] : [cursor.createdAt, cursor.id];
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

const isSafeKey = (key: unknown): key is string => typeof key === 'string' && isSafeText(key);

/** The cursor's keys; an InvalidCursorError when it is not one of ours or was made for the other order. */
export function decodeCursor(value: string, sort: ListSort = 'newest'): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    const length = sort === 'oldest' ? 3 : 2;
    // The schema vetted the cursor itself, not the keys inside it, which reach the query.
    if (
      Array.isArray(parsed) &&
      parsed.length === length &&
      isSafeKey(parsed[0]) &&
      isSafeKey(parsed[1]) &&
      (sort === 'newest' || parsed[2] === OLDEST_MARK)
    ) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new InvalidCursorError();
}

/** Rows strictly after the cursor in the list's order. */
function beyond(columns: KeysetColumns, after: Cursor, sort: ListSort) {
  const createdAt = sql.ref<string>(columns.createdAt);
  const id = sql.ref<string>(columns.id);
  const past = sql.raw(sort === 'oldest' ? '>' : '<');
  return sql<SqlBool>`(${createdAt} ${past} ${after.createdAt} or (${createdAt} = ${after.createdAt} and ${id} ${past} ${after.id}))`;
}

/**
 * One page of `rows` in the requested order, with the count of everything `matching` finds.
 * `rows` carries the same filters as `matching` (usually it is `matching` with its columns
 * selected), so the total and the pages agree.
 */
export async function keysetPage<DB, TB extends keyof DB, TM extends keyof DB, O extends KeysetRow>(
  matching: SelectQueryBuilder<DB, TM, object>,
  rows: SelectQueryBuilder<DB, TB, O>,
  columns: KeysetColumns,
  request: PageRequest,
): Promise<ListResponse<O>> {
  const sort = request.sort ?? 'newest';
  const direction = sort === 'oldest' ? 'asc' : 'desc';
  const after = request.cursor ? decodeCursor(request.cursor, sort) : undefined;
  const [fetched, count] = await Promise.all([
    rows
      .$if(after !== undefined, (qb) => qb.where(beyond(columns, after!, sort)))
      .orderBy(sql.ref(columns.createdAt), direction)
      .orderBy(sql.ref(columns.id), direction)
      // One row more than asked tells whether another page exists.
      .limit(request.limit + 1)
      .execute(),
    matching
      .select(sql<number | string>`count(*)`.as('total'))
      .$castTo<{ total: number | string }>()
      .executeTakeFirstOrThrow(),
  ]);
  const documents = fetched.slice(0, request.limit);
  const last = documents.at(-1);
  const nextCursor =
    fetched.length > request.limit && last
      ? encodeCursor({ createdAt: last.created_at, id: last.id }, sort)
      : null;
  return { total: Number(count.total), documents, nextCursor };
}

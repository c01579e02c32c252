import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type ListResponse, isSafeText } from '@baegen/shared';
import { InvalidCursorError } from '../errors/domain-errors';

/** Lists are newest first by (created_at, id); the cursor is the last row of the previous page. */
export interface Cursor {
  createdAt: string;
  id: string;
}

export interface PageRequest {
  limit: number;
  /** The `nextCursor` of the previous page, as the client sent it back. */
  cursor?: string;
}

/** Where a list query finds its sort keys, qualified when the query joins other tables. */
export interface KeysetColumns {
  createdAt: string;
  id: string;
}

type KeysetRow = { created_at: string; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

const isSafeKey = (key: unknown): key is string => typeof key === 'string' && isSafeText(key);

export function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    // The schema vetted the cursor itself, not the keys inside it, which reach the query.
    if (Array.isArray(parsed) && isSafeKey(parsed[0]) && isSafeKey(parsed[1])) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new InvalidCursorError();
}

/** Rows strictly after the cursor in newest-first order. */
export function olderThan(columns: KeysetColumns, after: Cursor) {
  const createdAt = sql.ref<string>(columns.createdAt);
  const id = sql.ref<string>(columns.id);
  return sql<SqlBool>`(${createdAt} < ${after.createdAt} or (${createdAt} = ${after.createdAt} and ${id} < ${after.id}))`;
}

/**
 * One page of `rows`, newest first, with the count of everything `matching` finds. `rows` is
 * `matching` with its columns selected; both carry the same filters, so the total and the pages
 * agree.
 */
export async function newestFirstPage<DB, TB extends keyof DB, O extends KeysetRow>(
  matching: SelectQueryBuilder<DB, TB, object>,
  rows: SelectQueryBuilder<DB, TB, O>,
  columns: KeysetColumns,
  request: PageRequest,
): Promise<ListResponse<O>> {
  const after = request.cursor ? decodeCursor(request.cursor) : undefined;
  const [fetched, count] = await Promise.all([
    rows
      .$if(after !== undefined, (qb) => qb.where(olderThan(columns, after!)))
      .orderBy(sql.ref(columns.createdAt), 'desc')
      .orderBy(sql.ref(columns.id), 'desc')
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
    fetched.length > request.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
  return { total: Number(count.total), documents, nextCursor };
}

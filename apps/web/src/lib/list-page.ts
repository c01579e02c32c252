import type { ListResponse } from '@baegen/shared';
import { type SchemaSource, api } from './api-client';

/** Query parameters of a list endpoint; empty values are left out of the URL. */
export type ListParams = Record<string, string | number | null | undefined>;

/** The URL of one item of the list endpoint at `path`. */
export function itemPath(path: string, id: string): string {
  return `${path}/${encodeURIComponent(id)}`;
}

export function listUrl(path: string, params: ListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== '' && value !== null && value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** One page of a keyset-paginated list endpoint, checked against the list's shared schema. */
export function fetchListPage<T>(
  path: string,
  schema: SchemaSource<ListResponse<T>>,
  params: ListParams,
): Promise<ListResponse<T>> {
  return api(listUrl(path, params), schema);
}

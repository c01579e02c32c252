import { type ListParams, type ListResponse, listUrl } from '@baegen/shared';
import { type SchemaSource, api } from './api-client';

/** The URL of one item of the list endpoint at `path`. */
export function itemPath(path: string, id: string): string {
  return `${path}/${encodeURIComponent(id)}`;
}

/** One page of a keyset-paginated list endpoint, checked against the list's shared schema. */
export function fetchListPage<T>(
  path: string,
  schema: SchemaSource<ListResponse<T>>,
  params: ListParams,
): Promise<ListResponse<T>> {
  return api(listUrl(path, params), schema);
}

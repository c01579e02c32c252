import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@baegen/shared';
import type { SchemaSource } from './api-client';
import { fetchListPage } from './list-page';

/** The first `limit` items of a list endpoint (the newest), without paging. */
export function useListHead<T>({
  queryKey,
  path,
  schema,
  limit,
}: {
  queryKey: QueryKey;
  path: string;
  schema: SchemaSource<ListResponse<T>>;
  limit: number;
}) {
  return useQuery({
    queryKey,
    queryFn: () => fetchListPage(path, schema, { limit }),
    select: (page) => page.documents,
  });
}

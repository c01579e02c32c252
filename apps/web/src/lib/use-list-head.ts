import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@baegen/shared';
import { type SchemaSource, api } from './api-client';

/** The first page of a list endpoint at `url` (its limit in the URL), without paging. */
export function useListHead<T>({
  queryKey,
  url,
  schema,
}: {
  queryKey: QueryKey;
  url: string;
  schema: SchemaSource<ListResponse<T>>;
}) {
  return useQuery({
    queryKey,
    queryFn: () => api(url, schema),
    select: (page) => page.documents,
  });
}

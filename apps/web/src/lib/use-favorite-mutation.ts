import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { FAVORITE_LABELS, type ListResponse } from '@baegen/shared';
import { type SchemaSource, api } from './api-client';

type Starred = { $id: string; favorite: boolean };
type Pages = InfiniteData<ListResponse<Starred>, string | null>;

export interface FavoriteChange {
  id: string;
  favorite: boolean;
}

/** The pages with the item shown as `favorite`; the same pages when they do not hold it. */
function marked(data: Pages | undefined, { id, favorite }: FavoriteChange): Pages | undefined {
  if (!data?.pages.some((page) => page.documents.some((item) => item.$id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      documents: page.documents.map((item) => (item.$id === id ? { ...item, favorite } : item)),
    })),
  };
}

/** The item's star in each cached list under `listsKey` that holds it. */
function starsIn(queryClient: QueryClient, listsKey: QueryKey, id: string): [QueryKey, boolean][] {
  return queryClient.getQueriesData<Pages>({ queryKey: listsKey }).flatMap(([key, data]) => {
    const item = data?.pages.flatMap((page) => page.documents).find((document) => document.$id === id);
    return item ? [[key, item.favorite] as [QueryKey, boolean]] : [];
  });
}

export interface FavoriteMutationOptions<T extends Starred> {
  /** The item's URL, which takes `PATCH {favorite}` and answers the item. */
  path: (id: string) => string;
  schema: SchemaSource<T>;
  /** Root of the paged lists that show the star. */
  listsKey: QueryKey;
}

/**
 * Stars or unstars one item. The star changes in the cached lists at once and goes back if the
 * server refuses; either way the lists refetch afterwards, so a favourites-only list drops an
 * unstarred item and every total is the server's.
 */
export function useFavoriteMutation<T extends Starred>({
  path,
  schema,
  listsKey,
}: FavoriteMutationOptions<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favorite }: FavoriteChange) =>
      api(path(id), schema, { method: 'PATCH', body: { favorite } }),
    onMutate: async (change) => {
      // A page still loading would otherwise land over the new star with the old one.
      await queryClient.cancelQueries({ queryKey: listsKey });
      const before = starsIn(queryClient, listsKey, change.id);
      queryClient.setQueriesData<Pages>({ queryKey: listsKey }, (data) => marked(data, change));
      return { before };
    },
    onError: (error, { id }, context) => {
      console.error('Favourite update failed', error);
      // Only this item goes back, in each list as it was there: another star made meanwhile stays.
      for (const [key, favorite] of context?.before ?? []) {
        queryClient.setQueryData<Pages>(key, (data) => marked(data, { id, favorite }));
      }
      toast.error(FAVORITE_LABELS.updateFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listsKey }),
  });
}

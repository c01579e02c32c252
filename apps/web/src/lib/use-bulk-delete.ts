import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { MESSAGES } from '@baegen/shared';
import { api } from './api-client';
import { removeFromLists, staleOutsideLists } from './use-delete-mutation';
import { bulkDeleteResultSchema } from '../api/lazy-schemas';

export interface BulkDeleteOptions {
  /** `POST …/bulk-delete` of the kind of record. */
  path: string;
  /** Root of the paged lists the items leave at once. */
  listsKey: QueryKey;
  /** "3 media", "2 characters": how the toasts name what went. */
  noun: (count: number) => string;
}

/**
 * Deletes the chosen items in one request (all or none) and says so in a toast; the items leave
 * the cached lists as a single delete's item does.
 */
export function useBulkDelete({ path, listsKey, noun }: BulkDeleteOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api(path, bulkDeleteResultSchema, { method: 'POST', body: { ids } }),
    onSuccess: async (result, ids) => {
      toast.success(MESSAGES.bulk.deleted(noun(result.deleted)));
      removeFromLists(queryClient, listsKey, ids);
      await staleOutsideLists(queryClient, listsKey);
    },
    onError: (error, ids) => {
      console.error('Bulk delete failed', error);
      toast.error(MESSAGES.bulk.deleteFailed(noun(ids.length)));
    },
  });
}

import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { CHAT_LABELS, PROFILE_LABELS, chatPaths, listUrl } from '@baegen/shared';
import { ApiRequestError, api, apiNoContent } from '../../../lib/api-client';
import { chatListSchema, chatSchema } from '../../../api/lazy-schemas';

/** Every chat query starts with 'chats', so a rename or delete refreshes each view of them. */
const chatKeys = {
  all: ['chats'] as const,
  ofCharacter: (characterId: string) => ['chats', 'list', { characterId }] as const,
};

/** The character's chats, newest activity first, one server page at a time. */
export function useCharacterChats(characterId: string) {
  const query = useInfiniteQuery({
    queryKey: chatKeys.ofCharacter(characterId),
    queryFn: ({ pageParam }) =>
      api(listUrl(chatPaths.list, { characterId, cursor: pageParam }), chatListSchema),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  return { ...query, chats: query.data?.pages.flatMap((page) => page.documents) ?? [] };
}

function reportFailure(error: unknown) {
  toast.error(error instanceof ApiRequestError ? error.message : CHAT_LABELS.actionFailed);
}

/** Renames a chat: PATCH /api/chats/:id {title}. */
export function useRenameChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, title }: { chatId: string; title: string }) =>
      api(chatPaths.one(chatId), chatSchema, { method: 'PATCH', body: { title } }),
    onSuccess: async () => {
      toast.success(PROFILE_LABELS.renamed);
      await queryClient.invalidateQueries({ queryKey: chatKeys.all });
    },
    onError: reportFailure,
  });
}

/** Deletes a chat and its messages: DELETE /api/chats/:id. */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => apiNoContent(chatPaths.one(chatId), { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success(PROFILE_LABELS.deleted);
      await queryClient.invalidateQueries({ queryKey: chatKeys.all });
    },
    onError: reportFailure,
  });
}

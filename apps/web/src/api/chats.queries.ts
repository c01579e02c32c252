import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { CHAT_LABELS, type ChatPatch, chatPaths, listUrl } from '@baegen/shared';
import { ApiRequestError, api, apiNoContent } from '../lib/api-client';
import { FIRST_READS } from './first-reads';
import { chatContextSchema, chatListSchema, chatSchema } from './lazy-schemas';

// Every request and query about whole chats (list, rename, delete, context, import), for the chat
// pages and the dashboard alike; each answer parsed with its shared schema.

/** One page of the user's chats, latest activity first; `characterId` keeps only hers. */
export function fetchChatList(params: { cursor?: string | null; limit?: number; characterId?: string }) {
  return api(listUrl(chatPaths.list, params), chatListSchema);
}

export function patchChat(chatId: string, patch: ChatPatch) {
  return api(chatPaths.one(chatId), chatSchema, { method: 'PATCH', body: patch });
}

export function deleteChat(chatId: string) {
  return apiNoContent(chatPaths.one(chatId), { method: 'DELETE' });
}

export function fetchChatContext(chatId: string) {
  return api(chatPaths.context(chatId), chatContextSchema);
}

export function createChat(characterId: string) {
  return api(chatPaths.create(characterId), chatSchema, { method: 'POST', body: {} });
}

/** The character's latest chat, or a new one when she has none yet. */
export async function latestOrNewChat(characterId: string) {
  const { documents } = await fetchChatList({ characterId, limit: 1 });
  return documents[0] ?? createChat(characterId);
}

/** A JSON array file is sent as JSON; anything else as the JSONL text SillyTavern writes. */
export function chatImportType(file: File): string {
  return file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'application/jsonl';
}

/** Sends a SillyTavern chat file as it is; the server answers the new chat. */
export function importChat(characterId: string, file: File) {
  return api(chatPaths.import(characterId), chatSchema, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': chatImportType(file) },
  });
}

/** Every key starts with 'chats', so invalidating that root refreshes each view of them. */
export const chatKeys = {
  all: ['chats'] as const,
  list: ['chats', 'list'] as const,
  recent: ['chats', 'recent'] as const,
  one: (chatId: string) => ['chats', 'detail', chatId] as const,
  context: (chatId: string) => ['chats', 'context', chatId] as const,
};

/** The server's words when it refused, a generic line otherwise. */
export function chatFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.code !== 'SCHEMA_MISMATCH'
    ? error.message
    : CHAT_LABELS.actionFailed;
}

/** The user's chats, latest activity first, a server page at a time. */
export function useChatList() {
  const query = useInfiniteQuery({
    queryKey: chatKeys.list,
    queryFn: ({ pageParam }) => fetchChatList({ cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  return { ...query, chats: query.data?.pages.flatMap((page) => page.documents) ?? [] };
}

/** The latest few chats, for the dashboard. */
export function useRecentChats() {
  return useQuery({
    queryKey: chatKeys.recent,
    queryFn: async () => (await api(FIRST_READS.recentChats, chatListSchema)).documents,
  });
}

export function useChatContext(chatId: string) {
  return useQuery({ queryKey: chatKeys.context(chatId), queryFn: () => fetchChatContext(chatId) });
}

/** Changes a chat's title, memory or user name; every view of chats reads it again. */
export function usePatchChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, patch }: { chatId: string; patch: ChatPatch }) => patchChat(chatId, patch),
    onSuccess: async (chat) => {
      queryClient.setQueryData(chatKeys.one(chat.$id), chat);
      await queryClient.invalidateQueries({ queryKey: chatKeys.all });
    },
    onError: (error) => toast.error(chatFailureMessage(error)),
  });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: async (_result, chatId) => {
      toast.success(CHAT_LABELS.deleted);
      queryClient.removeQueries({ queryKey: chatKeys.one(chatId) });
      await queryClient.invalidateQueries({ queryKey: chatKeys.all });
    },
    onError: (error) => toast.error(chatFailureMessage(error)),
  });
}

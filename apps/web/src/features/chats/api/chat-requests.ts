import { type ChatMessagePatch, chatPaths, selfiePaths } from '@baegen/shared';
import { api, apiNoContent } from '../../../lib/api-client';
import {
  chatMessageListSchema,
  chatMessageSchema,
  chatSchema,
  selfieStartedSchema,
  sentChatMessageSchema,
} from '../../../api/lazy-schemas';

// Every request of the chat page, each answer parsed with its shared schema.

export function fetchChat(chatId: string) {
  return api(chatPaths.one(chatId), chatSchema);
}

/** A page of messages, oldest first; without a cursor the newest page. */
export function fetchMessages(chatId: string, cursor?: string | null) {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return api(`${chatPaths.messages(chatId)}${query}`, chatMessageListSchema);
}

export function sendMessage(chatId: string, content: string) {
  return api(chatPaths.messages(chatId), sentChatMessageSchema, { method: 'POST', body: { content } });
}

export function stopReply(chatId: string) {
  return api(chatPaths.stop(chatId), chatMessageSchema, { method: 'POST' });
}

export function regenerateReply(chatId: string, messageId: string) {
  return api(`${chatPaths.message(chatId, messageId)}/regenerate`, chatMessageSchema, { method: 'POST' });
}

export function continueReply(chatId: string, messageId: string) {
  return api(`${chatPaths.message(chatId, messageId)}/continue`, chatMessageSchema, { method: 'POST' });
}

export function patchMessage(chatId: string, messageId: string, patch: ChatMessagePatch) {
  return api(chatPaths.message(chatId, messageId), chatMessageSchema, { method: 'PATCH', body: patch });
}

export function deleteMessage(chatId: string, messageId: string) {
  return apiNoContent(chatPaths.message(chatId, messageId), { method: 'DELETE' });
}

export function requestSelfie(chatId: string) {
  return api(selfiePaths.start(chatId), selfieStartedSchema, { method: 'POST', body: {} });
}

export function retrySelfie(chatId: string, messageId: string) {
  return api(selfiePaths.retry(chatId, messageId), selfieStartedSchema, { method: 'POST' });
}

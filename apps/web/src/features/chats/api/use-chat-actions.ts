import type { Dispatch } from 'react';
import toast from 'react-hot-toast';
import { CHAT_LABELS, type ChatMessage } from '@baegen/shared';
import { ApiRequestError } from '../../../lib/api-client';
import type { ChatThreadAction } from '../chat-thread';
import {
  continueReply,
  deleteMessage,
  patchMessage,
  regenerateReply,
  requestSelfie,
  retrySelfie,
  sendMessage,
  stopReply,
} from './chat-requests';

function reportFailure(error: unknown) {
  toast.error(error instanceof ApiRequestError ? error.message : CHAT_LABELS.actionFailed);
}

/** Runs a request and says so in a toast when it fails; resolves whether it succeeded. */
async function attempt(request: () => Promise<void>): Promise<boolean> {
  try {
    await request();
    return true;
  } catch (error) {
    reportFailure(error);
    return false;
  }
}

/** What the chat page does to its messages; each answer goes into the thread at once. */
export function useChatActions(chatId: string, dispatch: Dispatch<ChatThreadAction>) {
  const upsert = (message: ChatMessage) => dispatch({ type: 'upsert', message });
  return {
    send: (content: string) =>
      attempt(async () => {
        const { message, reply } = await sendMessage(chatId, content);
        upsert(message);
        upsert(reply);
      }),
    stop: () => void attempt(async () => upsert(await stopReply(chatId))),
    regenerate: (message: ChatMessage) =>
      void attempt(async () => upsert(await regenerateReply(chatId, message.$id))),
    continueReply: (message: ChatMessage) =>
      void attempt(async () => upsert(await continueReply(chatId, message.$id))),
    swipe: (message: ChatMessage, swipeIndex: number) =>
      void attempt(async () => upsert(await patchMessage(chatId, message.$id, { swipeIndex }))),
    edit: (message: ChatMessage, content: string) =>
      attempt(async () => upsert(await patchMessage(chatId, message.$id, { content }))),
    selfie: () => void attempt(async () => upsert((await requestSelfie(chatId)).message)),
    retrySelfie: (message: ChatMessage) =>
      void attempt(async () => upsert((await retrySelfie(chatId, message.$id)).message)),
    remove: (message: ChatMessage) =>
      attempt(async () => {
        await deleteMessage(chatId, message.$id);
        dispatch({ type: 'remove', messageId: message.$id });
      }),
  };
}

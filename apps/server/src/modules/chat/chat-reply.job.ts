/** The queue's name for writing one reply. */
export const CHAT_REPLY_JOB = 'chat-reply';

export interface ChatReplyJobPayload {
  [key: string]: unknown;
  userId: string;
  chatId: string;
  messageId: string;
}

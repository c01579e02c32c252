import { z } from 'zod';
import { CHAT_LIMITS } from './chat-constants';
import { pageQueryShape } from './schema-parts';
import { safeText } from './schemas';

/**
 * Chats with a character (issue 25): the API's shapes of a chat itself. Its messages, their events
 * and the prompt's context are in chat-messages (a page that lists chats needs none of them); the
 * limits, codes and words are in chat-constants.
 */

export const chatSchema = z.object({
  $id: z.string(),
  characterId: z.string(),
  title: z.string(),
  userName: z.string(),
  memory: z.string(),
  /**
   * A rolling summary of the messages that fell out of the context window, written by the chat
   * provider in the background (read-only; `POST .../summary/rebuild` writes it again).
   */
  summary: z.string(),
  /** When the summary was last written; null before the first, and while a rebuild writes it. */
  summaryUpdatedAt: z.string().nullable(),
  messageCount: z.number().int().nonnegative(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

const title = safeText().trim().min(1).max(CHAT_LIMITS.title);
const userName = safeText().trim().min(1).max(CHAT_LIMITS.userName);
const memory = safeText().max(CHAT_LIMITS.memory);

/** `POST /api/characters/:id/chats`: everything optional (the title names the character, the user is "User"). */
export const createChatSchema = z.strictObject({ title, userName }).partial();
export type CreateChatInput = z.infer<typeof createChatSchema>;

export const chatPatchSchema = z.strictObject({ title, memory, userName }).partial();
export type ChatPatch = z.infer<typeof chatPatchSchema>;

export const chatListQuerySchema = z.object({
  characterId: safeText().min(1).max(64).optional(),
  ...pageQueryShape(),
});
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;

/** A page of chats, newest activity first. */
export const chatListSchema = z.object({ documents: z.array(chatSchema), nextCursor: z.string().nullable() });
export type ChatList = z.infer<typeof chatListSchema>;

import { z } from 'zod';
import {
  CHAT_COPY,
  CHAT_LIMITS,
  CHAT_MESSAGE_STATUSES,
  CHAT_ROLES,
  type ChatContextPart,
} from './chat-constants';
import { pageQueryShape } from './schema-parts';
import { safeText } from './schemas';

/** A chat's messages, their events and the prompt's context: the API's shapes (see chats.ts). */

/**
 * What a prompt holds: tokens used of the budget (the context less the room kept for the reply),
 * by part; the history messages sent and those left out (`droppedMessages`, the oldest); the
 * lorebook entries used; the older messages recalled into it.
 */
const tokens = z.number().int().nonnegative();

export const chatContextUsageSchema = z.object({
  usedTokens: z.number().int().nonnegative(),
  budgetTokens: z.number().int().nonnegative(),
  contextTokens: z.number().int().positive(),
  historyMessages: z.number().int().nonnegative(),
  droppedMessages: z.number().int().nonnegative(),
  parts: z.object({
    card: tokens,
    lorebook: tokens,
    memory: tokens,
    summary: tokens,
    recalled: tokens,
    history: tokens,
  }) satisfies z.ZodType<Record<ChatContextPart, number>>,
  lorebookEntries: z.array(z.string()),
  recalled: z.array(
    z.object({ seq: z.number().int().positive(), role: z.enum(CHAT_ROLES), excerpt: z.string() }),
  ),
});
export type ChatContextUsage = z.infer<typeof chatContextUsageSchema>;

/**
 * `GET /api/chats/:id/context`: the prompt the next reply would get, and what went into the
 * latest reply's prompt (null before the first).
 */
export const chatContextSchema = chatContextUsageSchema.extend({
  lastReply: chatContextUsageSchema.nullable(),
});
export type ChatContext = z.infer<typeof chatContextSchema>;

export const chatAttachmentSchema = z.object({
  type: z.literal('image'),
  mediaId: z.string().nullable(),
  url: z.string().nullable(),
  jobId: z.string().nullable(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** For a reply, `content` is `swipes[swipeIndex]`; a user's message has itself as its one swipe. */
export const chatMessageSchema = z.object({
  $id: z.string(),
  chatId: z.string(),
  /** The message's place in its chat, counting from 1: messages show in this order (times may tie). */
  seq: z.number().int().positive(),
  role: z.enum(CHAT_ROLES),
  content: z.string(),
  swipes: z.array(z.string()),
  swipeIndex: z.number().int().nonnegative(),
  status: z.enum(CHAT_MESSAGE_STATUSES),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  attachments: z.array(chatAttachmentSchema),
  tokens: z.number().int().nonnegative().nullable(),
  model: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Message text as sent: kept as written, but never blank and never over the limit. */
export const chatContentSchema = safeText()
  .max(CHAT_LIMITS.content, CHAT_COPY.contentTooLong)
  .refine((value) => value.trim().length > 0, CHAT_COPY.emptyContent);

export const chatMessageListQuerySchema = z.object(pageQueryShape(CHAT_LIMITS.messagesPage));
export type ChatMessageListQuery = z.infer<typeof chatMessageListQuerySchema>;

/** A page of messages, oldest first; `nextCursor` leads to the page of older ones. */
export const chatMessageListSchema = z.object({
  documents: z.array(chatMessageSchema),
  nextCursor: z.string().nullable(),
});
export type ChatMessageList = z.infer<typeof chatMessageListSchema>;

export const sendChatMessageSchema = z.strictObject({ content: chatContentSchema });

/** `POST /api/chats/:id/messages` answers the stored message and the reply being written. */
export const sentChatMessageSchema = z.object({ message: chatMessageSchema, reply: chatMessageSchema });
export type SentChatMessage = z.infer<typeof sentChatMessageSchema>;

export const chatMessagePatchSchema = z
  .strictObject({
    content: chatContentSchema.optional(),
    swipeIndex: z.number().int().nonnegative().optional(),
  })
  .refine((value) => value.content !== undefined || value.swipeIndex !== undefined, CHAT_COPY.emptyPatch);
export type ChatMessagePatch = z.infer<typeof chatMessagePatchSchema>;

/** `event: snapshot`: on connect, the reply being written (with its text so far), or null. */
export const chatSnapshotEventSchema = z.object({ message: chatMessageSchema.nullable() });

/**
 * `event: delta`: text appended to a reply being written. `offset` is where it starts in the
 * reply's content, so a client places it there and never doubles text it already holds.
 */
export const chatDeltaEventSchema = z.object({
  messageId: z.string(),
  text: z.string(),
  offset: z.number().int().nonnegative(),
});
export type ChatDeltaEvent = z.infer<typeof chatDeltaEventSchema>;

/** `event: message`: a message as it is now, after any change of its state. */
export const chatMessageEventSchema = z.object({ message: chatMessageSchema });

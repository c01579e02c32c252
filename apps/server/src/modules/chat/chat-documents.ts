import type { Chat, ChatAttachment, ChatMessage } from '@baegen/shared/contract';
import type { MessageRow } from './chat-messages.repository';
import type { ChatRow } from './chats.repository';

export function toChat(row: ChatRow): Chat {
  return {
    $id: row.id,
    characterId: row.character_id,
    title: row.title,
    userName: row.user_name,
    memory: row.memory,
    summary: row.summary,
    summaryUpdatedAt: row.summary_updated_at,
    messageCount: Number(row.message_count),
    lastMessageAt: row.last_message_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every swipe of the message, the one on show being its content as it is now. */
export function swipesOf(row: Pick<MessageRow, 'swipes' | 'swipe_index' | 'content'>): string[] {
  const swipes = JSON.parse(row.swipes) as string[];
  swipes[row.swipe_index] = row.content;
  return swipes;
}

export function toMessage(row: MessageRow): ChatMessage {
  return {
    $id: row.id,
    chatId: row.chat_id,
    seq: Number(row.seq),
    role: row.role,
    content: row.content,
    swipes: swipesOf(row),
    swipeIndex: row.swipe_index,
    status: row.status,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    attachments: JSON.parse(row.attachments) as ChatAttachment[],
    tokens: row.tokens === null ? null : Number(row.tokens),
    model: row.model,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

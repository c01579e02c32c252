import type { ChatAttachment, ChatMessageStatus, ChatRole } from '@baegen/shared/contract';
import { newId } from '../../lib/ids';
import type { NewMessageRow } from './chats.repository';

/** A message to store: `swipes` defaults to its content alone; a reply to write starts empty. */
export function messageRow(fields: {
  role: ChatRole;
  content: string;
  status: ChatMessageStatus;
  now: string;
  swipes?: string[];
  swipeIndex?: number;
  createdAt?: string;
  tokens?: number | null;
  model?: string | null;
  /** A picture being made by this generation job. */
  selfieJobId?: string;
  /** A picture made before (an imported chat's). */
  image?: { url: string; mediaId: string | null };
}): NewMessageRow {
  const swipes = fields.swipes ?? [fields.content];
  const attachments: ChatAttachment[] = fields.selfieJobId
    ? [{ type: 'image', jobId: fields.selfieJobId, mediaId: null, url: null }]
    : fields.image
      ? [{ type: 'image', jobId: null, ...fields.image }]
      : [];
  return {
    id: newId(),
    role: fields.role,
    content: fields.content,
    swipes: JSON.stringify(swipes),
    swipe_index: fields.swipeIndex ?? 0,
    status: fields.status,
    error_code: null,
    error_message: null,
    attachments: JSON.stringify(attachments),
    selfie_job_id: fields.selfieJobId ?? null,
    tokens: fields.tokens ?? null,
    model: fields.model ?? null,
    revision: 0,
    lease_owner: null,
    lease_expires_at: null,
    created_at: fields.createdAt ?? fields.now,
    updated_at: fields.now,
  };
}

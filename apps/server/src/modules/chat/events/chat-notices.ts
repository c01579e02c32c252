import { isText, noticeCodec } from '../../../lib/notice-codec';

/** The PostgreSQL channel on which instances announce what changed in chats. */
export const CHAT_EVENTS_CHANNEL = 'baegen_chat_events';
/** The channel on which a stop is announced to whichever instance writes the reply. */
export const CHAT_STOP_CHANNEL = 'baegen_chat_stop';

/**
 * What changed, by ids and offsets only (never text, so PostgreSQL's 8000-byte payload limit
 * cannot matter): `delta`, the reply's content grew from `from` to `to` (UTF-16 offsets);
 * `message`, the message's state changed. The listener reads the rest from the row.
 */
export type ChatNotice =
  | {
      kind: 'delta';
      origin: string;
      userId: string;
      chatId: string;
      messageId: string;
      from: number;
      to: number;
    }
  | { kind: 'message'; origin: string; userId: string; chatId: string; messageId: string };

export function encodeChatNotice(notice: ChatNotice): string {
  const { origin, userId, chatId, messageId } = notice;
  return JSON.stringify(
    notice.kind === 'delta'
      ? ['d', origin, userId, chatId, messageId, notice.from, notice.to]
      : ['m', origin, userId, chatId, messageId],
  );
}

const isIds = (values: unknown[]): values is string[] => values.every((value) => typeof value === 'string');

export function decodeChatNotice(payload: string): ChatNotice | null {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (!Array.isArray(parsed)) return null;
    const [kind, ...rest] = parsed as unknown[];
    const ids = rest.slice(0, 4);
    if (!isIds(ids) || ids.length !== 4) return null;
    const [origin, userId, chatId, messageId] = ids as [string, string, string, string];
    if (kind === 'm' && rest.length === 4) return { kind: 'message', origin, userId, chatId, messageId };
    const [from, to] = rest.slice(4);
    if (kind === 'd' && Number.isSafeInteger(from) && Number.isSafeInteger(to)) {
      return { kind: 'delta', origin, userId, chatId, messageId, from: from as number, to: to as number };
    }
  } catch {
    // not one of ours
  }
  return null;
}

/** A stop: the reply `messageId` of `userId` is to end now. */
const stopNotices = noticeCodec({ origin: isText, userId: isText, messageId: isText });

export const encodeStopNotice = stopNotices.encode;

export const decodeStopNotice = stopNotices.decode;

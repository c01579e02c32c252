import {
  CHAT_COPY,
  SELFIE_COPY,
  SENT_PICTURE_LINE,
  fileIdFromUrl,
  isSafeText,
} from '@baegen/shared/contract';

/**
 * SillyTavern's chat file: JSON Lines, the first a header `{user_name, character_name,
 * create_date, chat_metadata}`, then one line per message `{name, is_user, is_system, send_date,
 * mes, swipes, swipe_id, swipe_info, extra}`. Dates are written as SillyTavern writes them
 * (`2026-01-01@09h05m00s` for the chat, `January 1, 2026 9:05am` for a message), in UTC.
 */

/** A message as the file holds it, in the chat's order. */
export interface JsonlMessage {
  role: 'user' | 'assistant';
  content: string;
  swipes: string[];
  swipeIndex: number;
  /** ISO-8601; null when the file's date cannot be read. */
  sentAt: string | null;
  model: string | null;
  tokens: number | null;
  /** The URL of the picture the message carries (`extra.image`), in a file of ours only. */
  image: string | null;
}

export interface JsonlChat {
  userName: string;
  characterName: string;
  /** BaeGen's own fields, kept in `chat_metadata.baegen`. */
  title: string | null;
  memory: string | null;
  messages: JsonlMessage[];
}

/** A file that is not a SillyTavern chat; `line` is 1-based. */
export class InvalidJsonlError extends Error {
  constructor(readonly line: number | null) {
    super(line === null ? CHAT_COPY.invalidChat : CHAT_COPY.invalidChatLine(line));
    this.name = 'InvalidJsonlError';
  }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-01-01@09h05m00s`: SillyTavern's chat dates and file names. */
export function humanizedDate(iso: string): string {
  const d = new Date(iso);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `${date}@${pad(d.getUTCHours())}h${pad(d.getUTCMinutes())}m${pad(d.getUTCSeconds())}s`;
}

/** `January 1, 2026 9:05am`: SillyTavern's message dates. */
function messageDate(iso: string): string {
  const d = new Date(iso);
  const hours = d.getUTCHours();
  const meridiem = hours >= 12 ? 'pm' : 'am';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()} ${hour}:${pad(d.getUTCMinutes())}${meridiem}`;
}

/** Every date form SillyTavern has written (and ISO-8601), as ISO-8601; null for anything else. */
function parseDate(value: unknown): string | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const ms = Number(value);
    return Number.isFinite(ms) && ms >= 0 && ms < 8.64e15 ? new Date(ms).toISOString() : null;
  }
  if (typeof value !== 'string') return null;
  const meridiem = /^(\w+)\s(\d{1,2}),\s(\d{4})\s(\d{1,2}):(\d{1,2})(am|pm)$/i.exec(value.trim());
  const humanized =
    /^(\d{4})-(\d{1,2})-(\d{1,2})\s?@(\d{1,2})h\s?(\d{1,2})m\s?(\d{1,2})s(?:\s?(\d{1,3})ms)?$/.exec(
      value.trim(),
    );
  let ms: number;
  if (meridiem) {
    const [, month, day, year, hour, minute, half] = meridiem;
    const monthIndex = MONTHS.findIndex((name) => name.toLowerCase() === month!.toLowerCase());
    if (monthIndex < 0) return null;
    const hour24 = (Number(hour) % 12) + (half!.toLowerCase() === 'pm' ? 12 : 0);
    ms = Date.UTC(Number(year), monthIndex, Number(day), hour24, Number(minute));
  } else if (humanized) {
    const [, year, month, day, hour, minute, second, milli] = humanized.map(Number) as number[];
    ms = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!, Number.isNaN(milli) ? 0 : milli);
  } else {
    ms = Date.parse(value);
  }
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export interface ExportedMessage {
  role: 'user' | 'assistant';
  content: string;
  swipes: string[];
  swipeIndex: number;
  createdAt: string;
  model: string | null;
  tokens: number | null;
  /** The picture the message carries; `scene` is what it shows, when known. */
  image?: { url: string; scene: string | null } | null;
}

/**
 * `mes` as SillyTavern has it: a picture that comes with no words of its own says what it shows,
 * so a model reading the chat back knows what was sent.
 */
function mesOf(message: ExportedMessage): string {
  const wordless = message.content.trim() === '' || message.content === SELFIE_COPY.sends;
  return message.image?.scene && wordless ? SELFIE_COPY.exported(message.image.scene) : message.content;
}

/** The chat as a SillyTavern JSONL file. */
export function toJsonl(chat: {
  userName: string;
  characterName: string;
  title: string;
  memory: string;
  createdAt: string;
  messages: ExportedMessage[];
}): string {
  const header = {
    user_name: chat.userName,
    character_name: chat.characterName,
    create_date: humanizedDate(chat.createdAt),
    chat_metadata: { baegen: { title: chat.title, memory: chat.memory } },
  };
  const lines = chat.messages.map((message) => {
    const isUser = message.role === 'user';
    const sendDate = messageDate(message.createdAt);
    const extra = {
      ...(message.model ? { api: 'openai', model: message.model } : {}),
      ...(message.tokens !== null ? { token_count: message.tokens } : {}),
      ...(message.image ? { image: message.image.url, inline_image: true } : {}),
    };
    const mes = mesOf(message);
    const swipes = message.swipes.map((swipe, index) => (index === message.swipeIndex ? mes : swipe));
    return {
      name: isUser ? chat.userName : chat.characterName,
      is_user: isUser,
      is_system: false,
      send_date: sendDate,
      mes,
      swipes,
      swipe_id: message.swipeIndex,
      // SillyTavern reads this beside every swipe when it adds one.
      swipe_info: swipes.map(() => ({ send_date: sendDate, extra: {} })),
      extra,
    };
  });
  return [header, ...lines].map((line) => JSON.stringify(line)).join('\n') + '\n';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A swipe as SillyTavern keeps it, or as Chub's chats do (`{message}`). */
const swipeText = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : isRecord(value) && typeof value.message === 'string'
      ? value.message
      : null;

/** A picture of ours that a line carries: only the URLs of our stored files are shown again. */
const imageOf = (meta: Record<string, unknown>): string | null =>
  meta.inline_image === true && typeof meta.image === 'string' && fileIdFromUrl(meta.image) !== null
    ? meta.image
    : null;

function readMessage(line: Record<string, unknown>, ours: boolean): JsonlMessage | null {
  const { is_user: isUser, swipes, swipe_id: swipeId, extra } = line;
  const meta = isRecord(extra) ? extra : {};
  const image = ours ? imageOf(meta) : null;
  // The words written for a wordless picture stand for the picture, which comes back itself.
  const mes =
    image && typeof line.mes === 'string' && SENT_PICTURE_LINE.test(line.mes) ? SELFIE_COPY.sends : line.mes;
  if (typeof mes !== 'string' || (isUser !== undefined && typeof isUser !== 'boolean')) return null;
  const role = isUser ? 'user' : 'assistant';
  let texts = [mes];
  let index = 0;
  if (role === 'assistant' && Array.isArray(swipes) && swipes.length > 0) {
    const read = swipes.map(swipeText);
    if (read.some((text) => text === null)) return null;
    index = swipeId === undefined ? 0 : Number(swipeId);
    if (!Number.isSafeInteger(index) || index < 0 || index >= read.length) return null;
    // `mes` is what the chat shows: it wins over a stale copy in the swipes.
    texts = read as string[];
    texts[index] = mes;
  }
  if (!texts.every(isSafeText)) return null;
  return {
    role,
    content: mes,
    swipes: texts,
    swipeIndex: index,
    sentAt: parseDate(line.send_date),
    model: typeof meta.model === 'string' && isSafeText(meta.model) ? meta.model : null,
    tokens:
      typeof meta.token_count === 'number' && Number.isSafeInteger(meta.token_count) && meta.token_count >= 0
        ? meta.token_count
        : null,
    image,
  };
}

const safeString = (value: unknown) => (typeof value === 'string' && isSafeText(value) ? value : null);

/**
 * Reads a SillyTavern chat: JSONL text (or a JSON array of the same lines). The header may be
 * missing, as in SillyTavern's oldest files. System and hidden lines (`is_system`) are not part
 * of the conversation and are left out. Throws InvalidJsonlError naming the first bad line.
 */
export function fromJsonl(text: string): JsonlChat {
  const body = text.replace(/^\uFEFF/, '');
  let lines: unknown[];
  const trimmed = body.trimStart();
  if (trimmed.startsWith('[')) {
    try {
      lines = JSON.parse(trimmed) as unknown[];
    } catch {
      throw new InvalidJsonlError(1);
    }
    if (!Array.isArray(lines)) throw new InvalidJsonlError(1);
  } else {
    lines = [];
    for (const [index, line] of body.split(/\r?\n/).entries()) {
      if (line.trim() === '') continue;
      try {
        lines.push(JSON.parse(line));
      } catch {
        throw new InvalidJsonlError(index + 1);
      }
    }
  }
  if (lines.length === 0 || !lines.every(isRecord)) {
    throw new InvalidJsonlError(lines.length === 0 ? null : lines.findIndex((line) => !isRecord(line)) + 1);
  }
  const [first] = lines as Record<string, unknown>[];
  const hasHeader =
    first!.mes === undefined && (first!.user_name !== undefined || first!.character_name !== undefined);
  if (!hasHeader && first!.mes === undefined) throw new InvalidJsonlError(1);
  const header = hasHeader ? first! : {};
  const metadata = isRecord(header.chat_metadata) ? header.chat_metadata : {};
  const ours = isRecord(metadata.baegen) ? metadata.baegen : {};
  const messages: JsonlMessage[] = [];
  for (const [index, line] of (lines as Record<string, unknown>[]).entries()) {
    if (hasHeader && index === 0) continue;
    if (line.is_system === true) continue;
    const message = readMessage(line, isRecord(metadata.baegen));
    if (!message) throw new InvalidJsonlError(index + 1);
    messages.push(message);
  }
  return {
    userName: safeString(header.user_name) ?? '',
    characterName: safeString(header.character_name) ?? '',
    title: safeString(ours.title),
    memory: safeString(ours.memory),
    messages,
  };
}

import { formatCount } from './format-count';

// Chats with a character (issue 25): the limits, codes, words and paths both sides share. Free of
// zod, so the web app can import them without building the chat schemas (chats.ts) with its pages.

export const CHAT_LIMITS = {
  /** Characters of one message, sent or edited. */
  content: 8000,
  /** Characters of the chat's pinned memory. */
  memory: 8000,
  title: 200,
  userName: 100,
  /** Bytes of a SillyTavern chat file the import accepts. */
  importBytes: 20 * 1024 * 1024,
  /** Messages per page of `GET /api/chats/:id/messages` when the client names no limit. */
  messagesPage: 50,
} as const;

/** The name `{{user}}` stands for when the chat names none. */
export const DEFAULT_CHAT_USER_NAME = 'User';

export const CHAT_ERROR_CODES = {
  /** A reply is being written in the chat: one at a time. */
  busy: 'CHAT_BUSY',
  /** Stop, with no reply being written. */
  idle: 'CHAT_IDLE',
  /** An import that is no SillyTavern chat. */
  invalid: 'INVALID_CHAT',
  tooLarge: 'CHAT_TOO_LARGE',
  unsupportedImport: 'UNSUPPORTED_CHAT_TYPE',
  notFound: 'CHAT_NOT_FOUND',
  messageNotFound: 'MESSAGE_NOT_FOUND',
  /** Regenerate or Continue on a message that is not a reply. */
  notAReply: 'NOT_A_REPLY',
  swipeOutOfRange: 'SWIPE_OUT_OF_RANGE',
  tooManyStreams: 'TOO_MANY_STREAMS',
  /** What a failed reply records as its error's code. */
  replyFailed: 'CHAT_REPLY_FAILED',
} as const;

/** The event names of `GET /api/chats/:id/events`. */
export const CHAT_EVENTS = { snapshot: 'snapshot', delta: 'delta', message: 'message' } as const;

/** Every user-facing text of chats. Import, never retype. */
export const CHAT_COPY = {
  replyFailed: 'Failed to get a reply. Please try again.',
  busy: 'A reply is still being written in this chat. Wait for it or stop it.',
  idle: 'No reply is being written in this chat.',
  invalidChat: 'This file is not a SillyTavern chat (JSONL).',
  invalidChatLine: (line: number) => `This file is not a SillyTavern chat: line ${line} cannot be read.`,
  tooLarge: `A chat file may be at most ${CHAT_LIMITS.importBytes / (1024 * 1024)} MB; this one is larger.`,
  unsupportedImport:
    'Send a chat as JSONL text (application/jsonl, application/x-ndjson or text/plain) or JSON.',
  emptyContent: 'A message needs some text.',
  contentTooLong: `A message may be at most ${formatCount(CHAT_LIMITS.content)} characters.`,
  emptyPatch: 'Name the content or the swipe to change.',
  notAReply: "Only a character's reply can be regenerated or continued.",
  swipeOutOfRange: 'That swipe does not exist.',
  tooManyStreams: 'Too many chats are open at once. Close one and try again.',
  chatNotFound: 'Chat not found',
  messageNotFound: 'Message not found',
  /** The title of a new chat. */
  defaultTitle: (characterName: string) => `Chat with ${characterName}`,
} as const;

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export const CHAT_MESSAGE_STATUSES = ['streaming', 'done', 'stopped', 'failed'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

/** The parts of a prompt, in tokens as a real tokenizer counts them. */
export const CHAT_CONTEXT_PARTS = ['card', 'lorebook', 'memory', 'summary', 'recalled', 'history'] as const;
export type ChatContextPart = (typeof CHAT_CONTEXT_PARTS)[number];

/** The content types `POST /api/characters/:id/chats/import` reads. */
export const CHAT_IMPORT_TYPES = [
  'application/jsonl',
  'application/x-ndjson',
  'text/plain',
  'application/json',
] as const;

export const chatPaths = {
  list: '/api/chats',
  create: (characterId: string) => `/api/characters/${encodeURIComponent(characterId)}/chats`,
  import: (characterId: string) => `/api/characters/${encodeURIComponent(characterId)}/chats/import`,
  one: (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}`,
  messages: (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/messages`,
  message: (chatId: string, messageId: string) =>
    `/api/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}`,
  stop: (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/stop`,
  events: (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/events`,
  export: (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/export`,
  context: (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/context`,
  rebuildSummary: (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/summary/rebuild`,
} as const;

export const selfiePaths = {
  start: (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/selfie`,
  retry: (chatId: string, messageId: string) =>
    `/api/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/selfie/retry`,
} as const;

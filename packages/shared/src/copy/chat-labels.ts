import { deleteQuestion } from './delete-question';

/** The chat pages' labels, texts and browser storage (issue 25). Import, never retype. */
export const CHAT_LABELS = {
  chat: 'Chat',
  chatWith: (name: string) => `Chat with ${name}`,
  send: 'Send',
  stop: 'Stop',
  regenerate: 'Regenerate',
  continue: 'Continue',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  previousSwipe: 'Previous reply',
  nextSwipe: 'Next reply',
  swipePosition: (index: number, count: number) => `${index + 1}/${count}`,
  composerLabel: 'Message',
  composerPlaceholder: (name: string) => `Message ${name}…  (Enter sends, Shift+Enter new line)`,
  editLabel: 'Edit message',
  writing: (name: string) => `${name} is writing…`,
  replied: (name: string, text: string) => `${name} replied: ${text}`,
  stopped: 'Stopped',
  loadOlder: 'Loading older messages…',
  loadFailed: 'Failed to load the chat',
  actionFailed: 'That did not work. Please try again.',
  retry: 'Try again',
  you: 'You',
  deleteMessageTitle: 'Delete Message',
  deleteMessageConfirm: deleteQuestion('this message'),
  deleteChatTitle: 'Delete Chat',
  deleteChatConfirm: (title: string) => deleteQuestion(`"${title}"`),
  memory: 'Memory',
  memoryHint: 'Facts the character always keeps in mind in this chat.',
  userName: 'Your name',
  userNameHint: 'What {{user}} stands for in this chat.',
  title: 'Title',
  settings: 'Chat settings',
  saved: 'Chat saved',
  export: 'Export chat',
  import: 'Import chat',
  imported: 'Chat imported',
  rename: 'Rename',
  emptyTitle: 'No Chats Yet',
  emptyText: 'Open a character and press Chat to start talking.',
  recent: 'Recent Chats',
  messages: (count: number) => (count === 1 ? '1 message' : `${count} messages`),
  subtitle: 'Your conversations, latest activity first.',
  emptyAction: 'Go to Characters',
  listLoadFailed: 'Failed to load your chats',
  loadMore: 'Load more',
  deleted: 'Chat deleted',
  renamed: 'Chat renamed',
  renameChat: (title: string) => `Rename ${title}`,
  deleteChat: (title: string) => `Delete ${title}`,
  lastActivity: (date: string) => `Last message ${date}`,
  loadingChats: 'Loading chats',
  opening: 'Opening the chat…',
  openFailed: 'Could not open a chat with this character.',
  sendSelfie: 'Send me a selfie',
  selfieAlt: (name: string) => `A selfie of ${name}`,
  selfieOpen: 'Open the picture full size',
  selfieWaiting: 'Taking the picture…',
  retrySelfie: 'Retry',
  /** The badge of a media card whose picture was sent in a chat; it opens that chat. */
  fromChat: 'From chat',
  contextLabel: 'Context used',
  contextUsage: (used: number, budget: number) =>
    `${used.toLocaleString('en-US')} / ${budget.toLocaleString('en-US')} tokens`,
  contextDropped: (count: number) =>
    count === 1
      ? '1 older message is left out of the context.'
      : `${count} older messages are left out of the context.`,
} as const;

/** Where the composer keeps the unsent text of a chat, so a reload does not lose it. */
export const chatDraftStorageKey = (chatId: string) => `chat-draft:${chatId}`;

export const DASHBOARD_RECENT_CHATS = 3;

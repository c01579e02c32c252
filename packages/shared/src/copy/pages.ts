import { APP_NAME, type MediaType } from '../contract/constants';
import { HERO_PHRASES } from './landing';

/** The web app's routes (docs/product.md §2.2). */
export const ROUTES = {
  home: '/',
  login: '/login',
  dashboard: '/dashboard',
  characters: '/characters',
  newCharacter: '/characters/new',
  editCharacter: (id: string) => `/characters/edit/${encodeURIComponent(id)}`,
  media: '/media',
  newMedia: '/media/new',
  /** One photo or video full size, with the gallery's filters kept in `search` (e.g. `?type=image`). */
  mediaItem: (id: string, search = '') => `/media/${encodeURIComponent(id)}${search}`,
  /** The media form for a character; `type` preselects Video or Image. */
  newMediaFor: (characterId: string, type?: MediaType) =>
    `/media/new/${encodeURIComponent(characterId)}${type ? `?${MEDIA_TYPE_PARAM}=${type}` : ''}`,
  chats: '/chats',
  chat: (chatId: string) => `/chats/${encodeURIComponent(chatId)}`,
  /** Opens the character's latest chat, or starts one. */
  chatWith: (characterId: string) => `/chats/with/${encodeURIComponent(characterId)}`,
  character: (id: string) => `/characters/${encodeURIComponent(id)}`,
} as const;

/** The query parameter of the media form that preselects the media type. */
export const MEDIA_TYPE_PARAM = 'type';

/** The login card's heading before the product name (docs/product.md §2.2); MESSAGES.login.title is this. */
export const LOGIN_HEADING = 'Login to';

/** Each page's heading (docs/product.md §2.2); the document title is built from it. */
export const PAGE_HEADINGS = {
  home: `Create Your ${HERO_PHRASES[0]}`,
  login: `${LOGIN_HEADING} ${APP_NAME}`,
  dashboard: 'Dashboard',
  characters: 'My Characters',
  newCharacter: 'Create AI Character',
  editCharacter: 'Modify AI Character',
  media: 'My Media',
  newMedia: 'Create AI Media',
  chats: 'Chats',
} as const;

/** A page's document title: its heading, then the product name unless the heading holds it. */
export function documentTitle(heading: string): string {
  return heading.includes(APP_NAME) ? heading : `${heading} · ${APP_NAME}`;
}

/**
 * What stands in for a page whose code could not be loaded: the connection dropped, or a new
 * version was deployed since the tab was opened and the old page's files are gone.
 */
export const PAGE_LOAD_FAILED = {
  title: 'Failed to load this page',
  text: 'The connection may have dropped, or BaeGen was updated since this tab was opened.',
  action: 'Reload',
} as const;

/** The media form's query parameter that prefills the prompt (Remix). */
export const MEDIA_PROMPT_PARAM = 'prompt';

/** The media form for the same character, with the type and the prompt of a media filled in. */
export function remixRoute(characterId: string, type: MediaType, prompt: string): string {
  return `${ROUTES.newMediaFor(characterId, type)}&${MEDIA_PROMPT_PARAM}=${encodeURIComponent(prompt)}`;
}

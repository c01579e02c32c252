import {
  CHARACTERS_PATH,
  DASHBOARD_MEDIA_KEPT,
  DASHBOARD_RECENT_CHARACTERS,
  DASHBOARD_RECENT_CHATS,
  LIST_LIMIT,
  MEDIA_PATH,
  type PagePicture,
  ROUTES,
  chatPaths,
  listUrl,
} from '@baegen/shared';
import { COMPACT_SIZES, GALLERY_SIZES } from '../components/cards/card-pictures';

/**
 * The reads a signed-in page makes before anything is pressed, as the URLs its queries ask for.
 * The build writes them per page (route-reads.json) and the server announces them in that page as
 * fetch preloads, so the answers travel beside the page's scripts instead of after them. A query
 * that asks for one of these URLs takes the preloaded answer; any other URL would be fetched twice,
 * which the e2e suite checks.
 */
export const FIRST_READS = {
  mediaStats: `${MEDIA_PATH}/stats`,
  recentCharacters: listUrl(CHARACTERS_PATH, { limit: DASHBOARD_RECENT_CHARACTERS }),
  recentMedia: listUrl(MEDIA_PATH, { limit: DASHBOARD_MEDIA_KEPT }),
  recentChats: listUrl(chatPaths.list, { limit: DASHBOARD_RECENT_CHATS }),
  /** The gallery's first page, unfiltered and newest first. */
  gallery: listUrl(MEDIA_PATH, { limit: LIST_LIMIT }),
} as const;

/** Page path -> its first reads, for a page opened without a query string. */
export const ROUTE_READS: Record<string, string[]> = {
  [ROUTES.dashboard]: [
    FIRST_READS.mediaStats,
    FIRST_READS.recentCharacters,
    FIRST_READS.recentMedia,
    FIRST_READS.recentChats,
  ],
  [ROUTES.media]: [FIRST_READS.gallery],
};

/**
 * Route pattern -> the picture that page draws largest on a phone: the dashboard's first recent
 * character (its `lcp` card), the gallery's first card, the viewer's picture. The build writes them
 * (route-pictures.json), and the server announces that user's picture with the page, so it
 * downloads beside the scripts.
 */
export const ROUTE_PICTURES: Record<string, PagePicture> = {
  [ROUTES.dashboard]: { list: 'characters', sizes: COMPACT_SIZES },
  [ROUTES.media]: { list: 'media', sizes: GALLERY_SIZES },
  [`${ROUTES.media}/:id`]: { item: 'media' },
};

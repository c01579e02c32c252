/**
 * Business constants and limits both sides enforce (docs/product.md §9): the server validates and
 * answers with them, the web app sizes its requests and forms by them.
 */

export const APP_NAME = 'BaeGen';

/** The Solana network sign-in uses; the server allows its RPC host, the wallet signs on it. */
export const SOLANA_NETWORK = 'devnet';

export const LIST_LIMIT = 100;
/** The most records one bulk delete or export may name. */
export const BULK_MAX_IDS = 100;
export const IMAGE_OUTPUTS = 4;

export const MEDIA_TYPES = ['video', 'image'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * The largest character card file (PNG or JSON) the import accepts. Here rather than beside the
 * card schemas: the API messages quote it, and the login page must not load zod to read them.
 */
export const CARD_MAX_BYTES = 20 * 1024 * 1024;

/** The size of the chunks the web app uploads in; the server refuses a larger chunk. */
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;

/** Field length caps enforced by both the forms and the API. */
export const LIMITS = {
  characterName: 100,
  characterText: 4000,
  prompt: 2000,
  appearance: 2000,
  mediaPrompt: 4000,
  imageUrl: 2048,
} as const;

export const DEFAULT_AVATAR_SIZE = 128;
/** The character name a media shows once its character is deleted. */
export const UNKNOWN_CHARACTER = 'Unknown Character';

/**
 * The page the server sends carries `GET /api/config`'s answer in a JSON data block of this id, so
 * the signed-out pages draw with it without a request or the schema code that checks one.
 */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

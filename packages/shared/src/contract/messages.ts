import { CARD_MAX_BYTES } from './constants';
/**
 * The messages the server sends (docs/product.md §8): in an error's `message`, a failed job's
 * error or an export's manifest. The web app shows them as they come, and MESSAGES (copy/) holds
 * them under the same keys beside the toasts, so each is typed once.
 */
export const API_MESSAGES = {
  cards: {
    tooLarge: `A character card may be at most ${CARD_MAX_BYTES / (1024 * 1024)} MB; this one is larger`,
  },
  characters: {
    nameAndAppearanceRequired: 'Name and appearance are required',
  },
  media: {
    generateFailed: 'Failed to generate media. Please try again.',
    alreadySaved: 'This image is already saved in your media.',
  },
  bulk: {
    /** Why an export left a record's bytes out (its manifest entry names it). */
    skippedExternal: 'Not stored by BaeGen: download it from its URL',
    skippedMissing: 'The file is no longer stored',
  },
  service: {
    imageFailed: 'Failed to generate image',
    characterVariationFailed: 'Failed to generate character variation',
    promptFailed: 'Failed to improve prompt',
    promptRefused: 'This request is refused: BaeGen never depicts minors in a sexual way.',
    generationRateLimited: (seconds: number) => `Too many generation requests. Try again in ${seconds} s.`,
    tooManyStreams: 'Too many live connections are open for this account. Close a tab and try again.',
  },
} as const;

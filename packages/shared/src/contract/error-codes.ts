/**
 * Error codes (`error.code` of an API answer) the web app acts on rather than only showing the
 * message: it compares against these, and the server raises them from here.
 */
export const ERROR_CODES = {
  /** 409: this stored file is saved as media already. */
  mediaAlreadySaved: 'MEDIA_ALREADY_SAVED',
  /** 429: the user has as many queued or running generations as allowed. */
  tooManyActiveGenerations: 'TOO_MANY_ACTIVE_GENERATIONS',
  /** 400: the file sent to the card import holds no readable character card. */
  invalidCard: 'INVALID_CARD',
  /** 415: the card import was sent something other than a PNG or a JSON file. */
  unsupportedCardType: 'UNSUPPORTED_CARD_TYPE',
} as const;

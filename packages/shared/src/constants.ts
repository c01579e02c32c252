/** Business constants of SPEC.md §9. */

export const APP_NAME = 'BaeGen';
export const APP_VERSION_LABEL = 'v2.0.1';

export const SOLANA_NETWORK = 'devnet';
export const AUTH_STORAGE_KEY = 'auth-storage';
export const WALLET_STORAGE_KEY = 'walletName';
/** Wallet Standard chain id of SOLANA_NETWORK. */
export const SOLANA_CHAIN = 'solana:devnet';
/** Where the wallet dialog's "Find a wallet" action leads. */
export const WALLET_DIRECTORY_URL = 'https://solana.com/solana-wallets';

export const DEV_WALLET_NAME = 'Development Wallet';
/** localStorage key holding the Development Wallet's secret seed in that browser. */
export const DEV_WALLET_STORAGE_KEY = 'devWalletSeed';

export const LIST_LIMIT = 100;
/** The most records one bulk delete or export may name. */
export const BULK_MAX_IDS = 100;
export const IMAGE_OUTPUTS = 4;

export const DASHBOARD_RECENT_CHARACTERS = 3;
export const DASHBOARD_RECENT_MEDIA = 3;
export const DASHBOARD_MEDIA_KEPT = 6;
export const DASHBOARD_SKELETON_COUNTS = [3, 6] as const;

export const CHARACTER_DESCRIPTION_PREVIEW = 100;
export const MEDIA_TITLE_PREVIEW = 60;
export const ELLIPSIS = '...';

export const MEDIA_TYPES = ['video', 'image'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const TOAST_DURATIONS_MS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Infinity,
  custom: 4000,
} as const;
export const TOAST_LIMIT = 20;

export const HERO_ROTATION_MS = 3000;
export const HERO_PHRASES = ['Dream Bae', 'Perfect Match', 'Ideal Partner', 'Fantasy Bae'] as const;
export const HEADER_OPAQUE_AFTER_PX = 10;
export const WALLET_DIALOG_FADE_MS = 150;
export const COPIED_LABEL_MS = 400;

export const MOBILE_WALLET_SESSION_TIMEOUT_MS = 30_000;
export const MOBILE_ASSOCIATION_PORT_RANGE = [49152, 65535] as const;
export const QR_VERSION_RANGE = [1, 40] as const;

export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;
export const REALTIME_RECONNECT_DELAYS_MS = [1000, 5000, 10000, 60000] as const;

export const DATE_LOCALE = 'en-US';
export const DATE_FORMAT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

export const SUBSCRIPTION_MONTHS = 1;
export const SUBSCRIPTION_PRICE_USD = 50;
export const SUBSCRIPTION_TOKEN = `the ${APP_NAME} token`;

export const BETA_STATS = [
  { value: '700+', label: 'Baes Created' },
  { value: '2.3k+', label: 'Photos Generated' },
  { value: '600+', label: 'Videos Generated' },
  { value: '500+', label: 'Happy Users' },
] as const;

/** Landing page copy of SPEC.md §1: the three feature blocks, the promises and the footer. */
export const LANDING_FEATURES = [
  {
    title: 'Create Your Dream Bae',
    text: 'Give her a name, a look, a story and a personality. She is yours, designed exactly the way you imagine her.',
  },
  {
    title: 'Generate Unlimited Photos',
    text: 'Describe a scene and get a fresh set of realistic photos of your Bae in seconds, as many as you like.',
  },
  {
    title: 'Customize Everything',
    text: 'Appearance, clothing, expressions and settings: change anything while she keeps the same identity.',
  },
] as const;
export const LANDING_PROMISES = ['Unlimited girls', 'Realistic results', 'Private collection'] as const;
export const FOOTER_TAGLINE = 'Your dream companion, generated with love.';
export const SOCIAL_URL = 'https://x.com/baegen_ai';

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
export const UNKNOWN_CHARACTER = 'Unknown Character';

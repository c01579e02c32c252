/** Landing page and footer copy of docs/product.md §1: figures, headline, feature blocks. */

export const APP_VERSION_LABEL = 'v2.0.1';

/** The hero headline cycles through these phrases, one every HERO_ROTATION_MS. */
export const HERO_ROTATION_MS = 3000;
export const HERO_PHRASES = ['Dream Bae', 'Perfect Match', 'Ideal Partner', 'Fantasy Bae'] as const;

export const BETA_STATS = [
  { value: '700+', label: 'Baes Created' },
  { value: '2.3k+', label: 'Photos Generated' },
  { value: '600+', label: 'Videos Generated' },
  { value: '500+', label: 'Happy Users' },
] as const;

/** The three feature blocks, the promises and the footer. */
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

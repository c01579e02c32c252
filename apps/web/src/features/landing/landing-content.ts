import {
  BETA_STATS,
  HERO_PHRASES,
  HERO_ROTATION_MS,
  LANDING_FEATURES,
  LANDING_PROMISES,
} from '@baegen/shared';
import {
  CameraIcon,
  HeartIcon,
  ShieldCheckIcon,
  SlidersHorizontalIcon,
  SparklesIcon,
  Wand2Icon,
} from '../../components/ui/icons';

// Icons in the order of LANDING_FEATURES and LANDING_PROMISES.
const FEATURE_ICONS = [HeartIcon, CameraIcon, SlidersHorizontalIcon] as const;
const PROMISE_ICONS = [SparklesIcon, Wand2Icon, ShieldCheckIcon] as const;

/** What the landing page shows: the shared copy, each feature and promise with its icon. */
export const LANDING = {
  phrases: HERO_PHRASES,
  rotationMs: HERO_ROTATION_MS,
  stats: BETA_STATS,
  features: LANDING_FEATURES.map((feature, i) => ({
    ...feature,
    icon: FEATURE_ICONS[i % FEATURE_ICONS.length]!,
  })),
  promises: LANDING_PROMISES.map((text, i) => ({ text, icon: PROMISE_ICONS[i % PROMISE_ICONS.length]! })),
};

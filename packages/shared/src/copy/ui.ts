import { APP_NAME } from '../contract/constants';

/** The web app's own figures of docs/product.md §9: sizes, timings and formats of the interface. */

export const DASHBOARD_RECENT_CHARACTERS = 3;
export const DASHBOARD_RECENT_MEDIA = 3;
export const DASHBOARD_MEDIA_KEPT = 6;

export const CHARACTER_DESCRIPTION_PREVIEW = 100;
export const MEDIA_TITLE_PREVIEW = 60;
export const ELLIPSIS = '...';

export const TOAST_DURATIONS_MS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Infinity,
  custom: 4000,
} as const;
export const TOAST_LIMIT = 20;

export const HEADER_OPAQUE_AFTER_PX = 10;
export const WALLET_DIALOG_FADE_MS = 150;
export const COPIED_LABEL_MS = 400;

export const REALTIME_RECONNECT_DELAYS_MS = [1000, 5000, 10000, 60000] as const;

/** The paid access gate of docs/product.md §6 (inactive unless SUBSCRIPTION_GATE is on). */
export const SUBSCRIPTION_MONTHS = 1;
export const SUBSCRIPTION_PRICE_USD = 50;
export const SUBSCRIPTION_TOKEN = `the ${APP_NAME} token`;

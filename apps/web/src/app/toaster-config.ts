import type { ToasterProps } from 'react-hot-toast';
import { TOAST_DURATIONS_MS } from '@baegen/shared';

/** Screens narrower than Tailwind's `sm`, where the toasts move to the bottom. */
export const PHONE_QUERY = '(max-width: 639px)';

/** Toaster options of docs/product.md §9.4: top right, per-kind durations. */
export const toasterProps: ToasterProps = {
  position: 'top-right',
  toastOptions: {
    duration: TOAST_DURATIONS_MS.blank,
    blank: { duration: TOAST_DURATIONS_MS.blank },
    error: { duration: TOAST_DURATIONS_MS.error },
    success: { duration: TOAST_DURATIONS_MS.success },
    loading: { duration: TOAST_DURATIONS_MS.loading },
    custom: { duration: TOAST_DURATIONS_MS.custom },
    style: {
      background: '#1f1631',
      color: '#ece8f5',
      border: '1px solid #3d2f5a',
      borderRadius: '14px',
    },
  },
};

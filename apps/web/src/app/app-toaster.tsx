import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_LIMIT } from '@baegen/shared';
import { toasterProps } from './toaster-config';

/** react-hot-toast's Toaster, capped at TOAST_LIMIT visible toasts (oldest dismissed first). */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return <Toaster {...toasterProps} />;
}

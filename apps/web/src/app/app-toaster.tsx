import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_LIMIT } from '@baegen/shared';
import { useMediaQuery } from '../lib/use-media-query';
import { PHONE_QUERY, toasterProps } from './toaster-config';

/**
 * react-hot-toast's Toaster, capped at TOAST_LIMIT visible toasts (oldest dismissed first). Top
 * right below the header; on a phone, whose page title fills the width right below the header,
 * at the bottom, so no toast hides the title or the controls beside it.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const phone = useMediaQuery(PHONE_QUERY);
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return <Toaster {...toasterProps} position={phone ? 'bottom-center' : toasterProps.position} />;
}

import { useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

export interface LeaveGuardCopy {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
}

/**
 * Asks before the user navigates away while `when` holds. `allowNextLeave` lets one navigation of
 * the page's own through (after a save, say) before the render that clears `when`.
 */
export function useLeaveGuard(when: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  return {
    blocker,
    allowNextLeave: () => {
      allowed.current = true;
    },
  };
}

export function LeaveGuardDialog({
  guard,
  copy,
}: {
  guard: ReturnType<typeof useLeaveGuard>;
  copy: LeaveGuardCopy;
}) {
  const { blocker } = guard;
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      {...copy}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

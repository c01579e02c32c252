import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { NavigationGuardContext } from '../../lib/navigation-guard';
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
  const guard = useContext(NavigationGuardContext);
  if (!guard) throw new Error('useLeaveGuard needs the GuardedRouter above it');
  const allowed = useRef(false);
  useEffect(() => {
    if (!when) return;
    return guard.block((current, next) => !allowed.current && current.pathname !== next.pathname);
  }, [guard, when]);
  const held = useSyncExternalStore(guard.subscribe, guard.held);
  return {
    held,
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
  const { held } = guard;
  return (
    <ConfirmDialog
      open={held !== null}
      {...copy}
      onConfirm={() => held?.proceed()}
      onCancel={() => held?.reset()}
    />
  );
}

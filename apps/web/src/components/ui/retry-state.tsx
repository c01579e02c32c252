import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { RETRY_LABEL } from '@baegen/shared';
import { Button } from './button';
import { EmptyState } from './empty-state';

/** What stands in for something that could not be loaded: why, and a button to ask again. */
export function RetryState({
  title,
  icon,
  onRetry,
}: {
  title: string;
  icon?: ReactNode;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry} icon={RefreshCw}>
          {RETRY_LABEL}
        </Button>
      }
    />
  );
}

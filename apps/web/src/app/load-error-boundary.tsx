import { Component, type ReactNode, Suspense } from 'react';
import { PAGE_LOAD_FAILED } from '@baegen/shared';
import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';

interface LoadErrorBoundaryProps {
  children: ReactNode;
  /** Drawn instead of the children once one of them has thrown. */
  fallback: ReactNode;
  /** A new value forgets the error and draws the children again (the path, for a page). */
  resetKey?: string;
}

interface LoadErrorBoundaryState {
  failed: boolean;
  resetKey: string | undefined;
}

/**
 * Catches what a part loaded on demand throws while drawing: most often its code failing to load
 * (a dropped connection, or files gone after a deploy). Without it, React unmounts the whole app
 * and leaves a blank page.
 */
export class LoadErrorBoundary extends Component<LoadErrorBoundaryProps, LoadErrorBoundaryState> {
  override state: LoadErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<LoadErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: LoadErrorBoundaryProps, state: LoadErrorBoundaryState) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A part loaded on demand that the page does without: nothing while its code loads, and nothing if
 * it cannot load.
 */
export function OptionalPart({ children }: { children: ReactNode }) {
  return (
    <LoadErrorBoundary fallback={null}>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadErrorBoundary>
  );
}

/** A page that could not be drawn: why, and a reload, which also brings a deployed version's files. */
export function PageLoadFailed() {
  return (
    <div role="alert">
      <EmptyState
        title={PAGE_LOAD_FAILED.title}
        text={PAGE_LOAD_FAILED.text}
        action={
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {PAGE_LOAD_FAILED.action}
          </Button>
        }
      />
    </div>
  );
}

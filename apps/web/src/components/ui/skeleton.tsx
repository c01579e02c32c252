import { cn } from '../../lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-xl bg-ink-800', className)} aria-hidden />;
}

/**
 * A placeholder of a card in a grid, as tall as the card that replaces it: the same picture ratio
 * and a body of the same rows (title, two lines, the buttons), so nothing moves when data arrives.
 */
export function CardSkeleton({ picture, compact }: { picture: string; compact: boolean }) {
  return (
    <div className="card flex flex-col overflow-hidden" data-testid="card-skeleton" aria-hidden>
      <Skeleton className={cn(picture, 'rounded-none')} />
      {compact ? (
        <div className="p-4">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ) : (
        <div className="flex flex-1 flex-col p-4">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="mt-2 h-4 w-1/3" />
          <Skeleton className="mt-2 h-4 w-full" />
          <Skeleton className="mt-4 h-8 w-full" />
          <Skeleton className="mt-2 h-8 w-full" />
        </div>
      )}
    </div>
  );
}

/** A grid of card placeholders, announced as loading under `label`. */
export function SkeletonGrid({
  count,
  className,
  label,
  picture,
  compact = false,
}: {
  count: number;
  className: string;
  label: string;
  /** The aspect class of the real cards' picture. */
  picture: string;
  /** Shaped like the dashboard's compact cards (a title and one line). */
  compact?: boolean;
}) {
  return (
    <div className={className} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <CardSkeleton key={index} picture={picture} compact={compact} />
      ))}
    </div>
  );
}

import { cn } from '../../lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-xl bg-ink-800', className)} aria-hidden />;
}

/** A placeholder shaped like a card in a grid. */
export function CardSkeleton() {
  return (
    <div className="card overflow-hidden" data-testid="card-skeleton" aria-hidden>
      <Skeleton className="aspect-square rounded-none" />
      <div className="space-y-2 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-full" />
      </div>
    </div>
  );
}

/** A grid of card placeholders, announced as loading under `label`. */
export function SkeletonGrid({
  count,
  className,
  label,
}: {
  count: number;
  className: string;
  label: string;
}) {
  return (
    <div className={className} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <CardSkeleton key={index} />
      ))}
    </div>
  );
}

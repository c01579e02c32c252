import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';

/** One count of the dashboard; undefined while loading, null when it could not be loaded. */
export function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: number | null | undefined;
  icon: LucideIcon;
}) {
  return (
    <div
      className="card flex flex-col items-start gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
      data-testid={`stat-${label}`}
    >
      <div className="bg-gradient-brand grid size-11 shrink-0 place-items-center rounded-2xl">
        <Icon className="size-5 text-white" aria-hidden />
      </div>
      <dl className="min-w-0">
        <dt className="truncate text-sm text-ink-400">{label}</dt>
        <dd className="text-2xl font-bold text-ink-100">
          {value === undefined ? <Skeleton className="h-8 w-12" /> : (value ?? '—')}
        </dd>
      </dl>
    </div>
  );
}

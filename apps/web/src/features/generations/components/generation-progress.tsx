import { type Generation, PROGRESS_TEXT, isActiveGeneration } from '@baegen/shared';
import { cn } from '../../../lib/cn';
import { useNow } from '../../../lib/use-now';

const PHASE_LABELS: Record<string, string> = {
  queued: 'Queued',
  starting: 'Starting',
  resuming: 'Resuming',
  submitted: 'Submitted',
  generating: 'Generating',
  storing: 'Saving',
  done: 'Done',
};

export function phaseLabel(phase: string): string {
  return PHASE_LABELS[phase] ?? phase.charAt(0).toUpperCase() + phase.slice(1);
}

/** m:ss */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "About 2 min left" / "About 40 s left". */
export function formatEta(seconds: number): string {
  return PROGRESS_TEXT.eta(seconds);
}

/**
 * Where a running job stands: its phase; a bar when the provider reports a percentage, else the time
 * since it started; its place in the provider's queue and the time left when known.
 */
export function GenerationProgress({
  job,
  className,
  showEta = true,
}: {
  job: Generation;
  className?: string;
  /** Off where the time left is said in words of its own beside the bar. */
  showEta?: boolean;
}) {
  const active = isActiveGeneration(job);
  const now = useNow(active && job.progress.percent === null);
  const { phase, percent, queuePosition, etaSeconds } = job.progress;
  const since = Date.parse(job.startedAt ?? job.createdAt);
  const details = [
    queuePosition !== null ? `Position ${queuePosition} in queue` : null,
    showEta && etaSeconds !== null && etaSeconds > 0 ? formatEta(etaSeconds) : null,
  ].filter(Boolean);

  return (
    <div className={cn('space-y-2', className)} data-testid="generation-progress">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-ink-100" data-testid="generation-phase">
          {phaseLabel(phase)}
        </span>
        <span className="text-ink-300 tabular-nums">
          {percent !== null ? `${Math.round(percent)}%` : `Elapsed ${formatElapsed(now - since)}`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-ink-800"
      >
        <div
          className={cn(
            'bg-gradient-brand h-full rounded-full transition-[width]',
            percent === null && 'w-full animate-pulse opacity-40',
          )}
          style={percent !== null ? { width: `${percent}%` } : undefined}
        />
      </div>
      {details.length > 0 ? <p className="text-xs text-ink-400">{details.join(' · ')}</p> : null}
    </div>
  );
}

import { Info, X } from 'lucide-react';
import { type Generation, MESSAGES, PROGRESS_TEXT } from '@baegen/shared';
import { GenerationProgress } from '../../generations';
import { Button } from '../../../components/ui/button';

/** The job the form started, while it runs: where it stands and a way to stop it. */
export function RunningJob({
  job,
  cancelling,
  onCancel,
}: {
  job: Generation;
  cancelling: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="space-y-4 rounded-2xl border border-ink-700 bg-ink-900 p-4" aria-live="polite">
      {job.kind === 'video' ? (
        <p className="flex items-start gap-2 text-sm text-ink-200">
          <Info className="mt-0.5 size-4 shrink-0 text-rose-glow" aria-hidden />
          <span>
            {MESSAGES.media.videoQueued}
            {/* SPEC's bound stands; the provider's own estimate is said as this video's pace. */}
            {job.progress.etaSeconds ? ` ${PROGRESS_TEXT.videoPace(job.progress.etaSeconds)}` : null}
          </span>
        </p>
      ) : null}
      <GenerationProgress job={job} showEta={job.kind !== 'video'} />
      <Button variant="secondary" className="w-full" onClick={onCancel} loading={cancelling} icon={X}>
        Cancel
      </Button>
    </div>
  );
}

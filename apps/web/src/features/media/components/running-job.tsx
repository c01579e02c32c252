import { Info, X } from 'lucide-react';
import { FORM_TEXT, type Generation, MESSAGES, PROGRESS_TEXT } from '@baegen/shared';
import { GenerationProgress } from '../../generations';
import { Button } from '../../../components/ui/button';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';

/**
 * The job the form started, while it runs: where it stands and a way to stop it. Focused when it
 * takes the place of the Generate button just pressed (`focusOnShow`).
 */
export function RunningJob({
  job,
  cancelling,
  onCancel,
  focusOnShow,
}: {
  job: Generation;
  cancelling: boolean;
  onCancel: () => void;
  focusOnShow: boolean;
}) {
  const ref = useFocusOnMount<HTMLDivElement>(focusOnShow);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-label={FORM_TEXT.runningHeading}
      data-testid="running-job"
      className="scroll-mt-24 space-y-4 rounded-2xl border border-ink-700 bg-ink-900 p-4"
      aria-live="polite"
    >
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

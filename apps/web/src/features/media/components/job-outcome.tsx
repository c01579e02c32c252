import { Images } from 'lucide-react';
import { type Generation, MESSAGES, ROUTES } from '@baegen/shared';
import { ButtonLink } from '../../../components/ui/button-link';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';

/**
 * How the form's last job ended, when that ending is not a set of images to pick from; focused
 * when it replaces the progress the user watched (`focusOnShow`).
 */
export function JobOutcome({ job, focusOnShow }: { job: Generation; focusOnShow: boolean }) {
  const ref = useFocusOnMount<HTMLDivElement>(focusOnShow);
  return (
    <div ref={ref} tabIndex={-1} className="scroll-mt-24 focus:outline-none">
      <Ending job={job} />
    </div>
  );
}

function Ending({ job }: { job: Generation }) {
  if (
    job.status === 'failed' ||
    (job.status === 'succeeded' && job.kind !== 'video' && job.outputs.length === 0)
  ) {
    return (
      <p role="alert" className="text-sm text-red-400">
        {MESSAGES.media.generateFailed}
      </p>
    );
  }
  if (job.status === 'cancelled') {
    return <p className="text-sm text-ink-300">{MESSAGES.generations.cancelled}</p>;
  }
  if (job.status === 'succeeded' && job.kind === 'video') {
    const clip = job.outputs[0];
    return (
      <div className="space-y-3 rounded-2xl border border-ink-700 bg-ink-900 p-4">
        {/* The finished clip plays where it was asked for, as the gallery would play it. */}
        {clip ? (
          <video
            src={clip}
            controls
            playsInline
            preload="metadata"
            aria-label={MESSAGES.generations.videoReady}
            className="max-h-[60vh] w-full rounded-xl bg-black"
            data-testid="finished-video"
          />
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-100">{MESSAGES.generations.videoReady}</p>
          <ButtonLink to={ROUTES.media} icon={Images} size="sm" variant="secondary">
            Open gallery
          </ButtonLink>
        </div>
      </div>
    );
  }
  return null;
}

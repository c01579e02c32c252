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
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-ink-700 bg-ink-900 p-4">
        <p className="text-sm text-ink-100">{MESSAGES.generations.videoReady}</p>
        <ButtonLink to={ROUTES.media} icon={Images} size="sm" variant="secondary">
          Open gallery
        </ButtonLink>
      </div>
    );
  }
  return null;
}

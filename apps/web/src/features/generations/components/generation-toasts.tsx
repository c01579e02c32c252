import toast from 'react-hot-toast';
import { Link } from '../../../components/ui/link';
import { type Generation, MESSAGES, ROUTES } from '@baegen/shared';
import { type FormTells, generationFormPath } from '../generation-forms';

function ReadyToast({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span>{text}</span>
      <Link to={to} className="font-semibold text-rose-glow underline">
        {label}
      </Link>
    </span>
  );
}

/**
 * Tells the user a job ended. `onForm` is what the form showing the job tells itself (null when no
 * form shows it): the media form displays images, so there only a finished video and a failure are
 * toasted; the portrait field tells everything. A cancellation is the user's own doing and stays quiet.
 */
export function announceFinished(job: Generation, onForm: FormTells | null): void {
  if (onForm === 'everything') return;
  const id = `generation-${job.$id}`;
  const video = job.kind === 'video';
  if (job.status === 'failed') {
    const text = onForm
      ? MESSAGES.media.generateFailed
      : video
        ? MESSAGES.generations.videoFailed
        : MESSAGES.generations.imageFailed;
    toast.error(text, { id });
    return;
  }
  if (job.status !== 'succeeded') return;
  if (video) {
    toast.success(
      <ReadyToast text={MESSAGES.generations.videoReady} to={ROUTES.media} label="Open gallery" />,
      { id },
    );
  } else if (!onForm) {
    toast.success(
      <ReadyToast
        text={job.outputs.length > 1 ? MESSAGES.generations.imagesReady : MESSAGES.generations.imageReady}
        to={generationFormPath(job)}
        label="View"
      />,
      { id },
    );
  }
}

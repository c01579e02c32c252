import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { type Generation, MESSAGES, ROUTES } from '@baegen/shared';
import { generationFormPath } from './generations.queries';

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
 * Tells the user a job ended. The media form showing the job displays images itself, so there only
 * a finished video and a failure are toasted; a cancellation is the user's own doing and stays quiet.
 */
export function announceFinished(job: Generation, onForm: boolean): void {
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
      <ReadyToast text={MESSAGES.generations.imageReady} to={generationFormPath(job.$id)} label="View" />,
      { id },
    );
  }
}

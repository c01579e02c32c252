import { CHAT_LABELS, type ChatAttachment } from '@baegen/shared';
import { Button } from '../../../components/ui/button';
import { GenerationProgress, useGeneration } from '../../generations';

/** Where the job making the picture stands, kept current by the generation event stream. */
function PictureProgress({ jobId }: { jobId: string }) {
  const { data: job } = useGeneration(jobId);
  return job ? (
    <GenerationProgress job={job} className="w-56" />
  ) : (
    <p className="text-sm text-ink-300">{CHAT_LABELS.selfieWaiting}</p>
  );
}

/**
 * A picture in a message: its progress while its job runs, then the picture (a click opens it
 * full size); a picture that failed offers Retry (the message shows the error).
 */
export function ChatImageAttachment({
  attachment,
  characterName,
  failed,
  onRetry,
}: {
  attachment: ChatAttachment;
  characterName: string;
  failed: boolean;
  onRetry: () => void;
}) {
  if (attachment.url) {
    return (
      <a href={attachment.url} target="_blank" rel="noreferrer" aria-label={CHAT_LABELS.selfieOpen}>
        <img
          src={attachment.url}
          alt={CHAT_LABELS.selfieAlt(characterName)}
          className="mt-2 max-h-80 rounded-xl object-cover"
        />
      </a>
    );
  }
  if (failed) {
    return (
      <Button size="sm" variant="secondary" className="mt-2" onClick={onRetry}>
        {CHAT_LABELS.retrySelfie}
      </Button>
    );
  }
  return attachment.jobId ? (
    <div className="mt-2">
      <PictureProgress jobId={attachment.jobId} />
    </div>
  ) : null;
}

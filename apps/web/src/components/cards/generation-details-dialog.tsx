import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Download, Shuffle, X } from 'lucide-react';
import toast from 'react-hot-toast';
import { type Media, PROVENANCE_TEXT, formatDate, remixRoute } from '@baegen/shared';
import { keepTabInside } from '../../lib/focus-trap';
import { mediaTitle } from '../../lib/media-file';
import { downloadMediaPng, hasPngDownload } from '../../lib/media-png';
import { useBusyTask } from '../../lib/use-busy-task';
import { Button } from '../ui/button';
import { ButtonLink } from '../ui/button-link';

const { fields } = PROVENANCE_TEXT;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_minmax(0,1fr)]">
      <dt className="text-sm text-ink-400">{label}</dt>
      <dd className="text-sm break-words text-ink-100">{children}</dd>
    </div>
  );
}

const orUnknown = (value: string | number | null) => (value === null ? PROVENANCE_TEXT.unknown : value);

/**
 * How one media was made: the prompt, the picture it started from and the date up front; the
 * provider, model, seed and job id behind "Technical details". With Remix and a PNG that carries
 * the same. A modal <dialog> shown while mounted: focus trap, Escape and backdrop close it.
 */
export function GenerationDetailsDialog({ media, onClose }: { media: Media; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { generation } = media;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const downloadPng = useBusyTask(
    () => downloadMediaPng(media),
    (error) => {
      console.error('PNG download failed', error);
      toast.error(PROVENANCE_TEXT.downloadFailed);
    },
  );

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="generation-details"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onKeyDown={(event) => keepTabInside(event, ref.current)}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-ink-700 bg-ink-900 p-0 text-ink-100 shadow-glow backdrop:bg-black/70 backdrop:backdrop-blur-sm"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-xl font-semibold">
              {PROVENANCE_TEXT.panelTitle}
            </h2>
            <p className="mt-1 truncate text-sm text-ink-400">{mediaTitle(media)}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={PROVENANCE_TEXT.close}
            className="grid size-9 shrink-0 place-items-center rounded-full text-ink-300 hover:bg-ink-800 hover:text-ink-100"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
        {generation ? null : <p className="mt-4 text-sm text-ink-300">{PROVENANCE_TEXT.noDetails}</p>}
        <dl className="mt-5 space-y-3">
          <Row label={fields.prompt}>{generation?.prompt ?? media.prompt}</Row>
          {generation?.subject ? (
            <Row label={fields.subject}>
              <a
                href={generation.subject}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-3 text-rose-glow hover:underline"
              >
                <img
                  src={generation.subject}
                  alt=""
                  loading="lazy"
                  className="size-12 rounded-lg object-cover"
                />
                <span>{PROVENANCE_TEXT.subjectImage}</span>
              </a>
            </Row>
          ) : null}
          <Row label={fields.created}>
            <time dateTime={media.createdAt}>{formatDate(media.createdAt)}</time>
          </Row>
        </dl>
        {generation ? (
          <details
            className="mt-4 rounded-xl border border-ink-700 px-4 py-3"
            data-testid="technical-details"
          >
            <summary className="cursor-pointer text-sm font-medium text-ink-300 hover:text-ink-100">
              {PROVENANCE_TEXT.technicalDetails}
            </summary>
            <dl className="mt-3 space-y-3">
              <Row label={fields.provider}>{generation.provider}</Row>
              <Row label={fields.model}>{orUnknown(generation.model)}</Row>
              <Row label={fields.seed}>{orUnknown(generation.seed)}</Row>
              <Row label={fields.jobId}>
                <code className="text-xs">{generation.jobId}</code>
              </Row>
            </dl>
          </details>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          {hasPngDownload(media) ? (
            <Button
              variant="secondary"
              onClick={() => void downloadPng.run()}
              loading={downloadPng.busy}
              icon={Download}
            >
              {PROVENANCE_TEXT.downloadPng}
            </Button>
          ) : null}
          <ButtonLink to={remixRoute(media.characterId, media.type, media.prompt)} icon={Shuffle}>
            {PROVENANCE_TEXT.remix}
          </ButtonLink>
        </div>
      </div>
    </dialog>
  );
}

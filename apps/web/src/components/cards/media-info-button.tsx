import { useEffect, useRef, useState } from 'react';
import { Info } from 'lucide-react';
import { type Media, PROVENANCE_TEXT } from '@baegen/shared';
import { cn } from '../../lib/cn';
import { GenerationDetailsDialog } from './generation-details-dialog';

/**
 * The info button, laid over a card's picture beside Delete (or placed by `className`, as in the
 * viewer); it opens the generation details.
 */
export function MediaInfoButton({
  media,
  title,
  className = 'absolute top-3 right-14',
}: {
  media: Media;
  title: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The dialog leaves the page when closed, so focus is handed back here by hand; only once it
  // is gone, since a modal dialog leaves the rest of the page inert while it is open.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      button.current?.focus();
    }
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen(true)}
        aria-label={PROVENANCE_TEXT.infoLabel(title)}
        aria-haspopup="dialog"
        title={PROVENANCE_TEXT.panelTitle}
        className={cn(
          className,
          'grid size-9 place-items-center rounded-full bg-black/55 text-white backdrop-blur transition hover:bg-rose-glow',
        )}
      >
        <Info className="size-4" aria-hidden />
      </button>
      {open ? <GenerationDetailsDialog media={media} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

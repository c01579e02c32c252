import { useState } from 'react';
import { Info } from 'lucide-react';
import { type Media, PROVENANCE_TEXT } from '@baegen/shared';
import { GenerationDetailsDialog } from './generation-details-dialog';

/** The card's info button, laid over its picture beside Delete; it opens the generation details. */
export function MediaInfoButton({ media, title }: { media: Media; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={PROVENANCE_TEXT.infoLabel(title)}
        aria-haspopup="dialog"
        title={PROVENANCE_TEXT.panelTitle}
        className="absolute top-3 right-14 grid size-9 place-items-center rounded-full bg-black/55 text-white backdrop-blur transition hover:bg-rose-glow"
      >
        <Info className="size-4" aria-hidden />
      </button>
      {open ? <GenerationDetailsDialog media={media} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

import { type ChangeEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { FileUp } from 'lucide-react';
import toast from 'react-hot-toast';
import { CARD_MAX_BYTES, ERROR_CODES, MESSAGES } from '@baegen/shared';
import { Button } from '../../../components/ui/button';
import { ApiRequestError, ResponseSchemaError } from '../../../lib/api-client';
import { cardContentType, useImportCard } from '../api/use-import-card';

const ACCEPT = '.png,.json,image/png,application/json';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/** The refusals that mean "no card in this file": the reader's details help no one picking a file. */
const NOT_A_CARD: readonly string[] = [ERROR_CODES.invalidCard, ERROR_CODES.unsupportedCardType];

/**
 * Plain words for a file that holds no card; the server's own words for another refusal (too
 * large, over the storage quota); a generic message for anything else.
 */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError) || error instanceof ResponseSchemaError) {
    return MESSAGES.cards.importFailed;
  }
  return NOT_A_CARD.includes(error.code) ? MESSAGES.cards.notACard : error.message;
}

/**
 * "Import card": a file picker, and a card file dropped anywhere on the page while this is shown.
 * The new character comes into the list; a toast tells how it went.
 */
export function ImportCardControl() {
  const input = useRef<HTMLInputElement>(null);
  const importCard = useImportCard();
  const [dragging, setDragging] = useState(false);
  const busy = importCard.isPending;

  const start = (file: File | undefined) => {
    if (!file || busy) return;
    const contentType = cardContentType(file);
    if (!contentType) {
      toast.error(MESSAGES.cards.notACardFile);
      return;
    }
    // The server would read it all to refuse it; said at once, the file is never sent.
    if (file.size > CARD_MAX_BYTES) {
      toast.error(MESSAGES.cards.tooLarge);
      return;
    }
    importCard.mutate(
      { file, contentType },
      {
        onSuccess: (character) => toast.success(MESSAGES.cards.imported(character.name)),
        onError: (error) => toast.error(failureMessage(error)),
      },
    );
  };
  // The window listeners below are attached once and call the latest `start` through this.
  const onDropped = useEffectEvent((file: File | undefined) => start(file));

  useEffect(() => {
    // A counter, as dragenter and dragleave fire for every child element crossed.
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    // Without this the browser would open the dropped file in place of the app.
    const onOver = (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      onDropped(event.dataTransfer?.files[0]);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    start(event.target.files?.[0]);
    // The same file picked again must fire a change too.
    event.target.value = '';
  };

  return (
    <>
      <Button
        variant="secondary"
        loading={busy}
        icon={FileUp}
        onClick={() => input.current?.click()}
        title={MESSAGES.cards.dropHere}
      >
        {MESSAGES.cards.importLabel}
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        // The button above opens it; hidden, so assistive technology meets one control, not two.
        hidden
        data-testid="card-import-input"
        onChange={onPick}
      />
      {dragging ? (
        <div
          className="pointer-events-none fixed inset-0 z-50 grid place-items-center bg-ink-950/80 p-6"
          data-testid="card-drop-overlay"
        >
          <p className="rounded-2xl border-2 border-dashed border-rose-glow/70 px-8 py-10 text-center text-lg font-semibold text-ink-100">
            {MESSAGES.cards.dropHere}
          </p>
        </div>
      ) : null}
    </>
  );
}

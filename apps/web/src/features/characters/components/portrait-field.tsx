import { type DragEvent, useEffect, useRef, useState } from 'react';
import { ImageIcon, ImagePlus, Upload, X } from 'lucide-react';
import { LIMITS, MESSAGES } from '@baegen/shared';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { cn } from '../../../lib/cn';
import { describedBy, errorIdOf } from '../../../lib/use-field-errors';
import { GenerationProgress } from '../../generations';
import { type KnownPortrait, usePortraitOrigin } from '../api/use-portrait-origin';
import type { PortraitJob } from '../api/use-portrait-job';
import type { PortraitUpload } from '../api/use-portrait-upload';
import { AssistButton } from './assist-button';
import { FIELD_CLASSES, LABEL_CLASSES } from './form-fields';

/** The picture types a browser can show and the files API keeps. */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

const ORIGIN_LABELS = {
  generated: MESSAGES.characters.portraitGenerated,
  uploaded: MESSAGES.characters.portraitUploaded,
} as const;

export interface PortraitFieldProps {
  id: string;
  value: string;
  onChange: (url: string) => void;
  /** Set by the form when it generated or uploaded the current picture. */
  known: KnownPortrait | null;
  /** The form's upload of a photo, which it waits for before saving. */
  upload: PortraitUpload;
  onGenerate: () => Promise<void>;
  /** The form's generation of a portrait, whose progress shows here while it runs. */
  generation: PortraitJob;
  /** An action of the form is running (this field's upload included). */
  busy: boolean;
  /** Why the address cannot be saved, shown under the field. */
  error?: string;
}

/**
 * The portrait's source: a URL typed in, a photo uploaded (button or drop) or a generated picture.
 * A stored picture shows as "Generated portrait" or "Uploaded photo" rather than its internal
 * address; "Edit URL" opens the address for editing.
 */
export function PortraitField({
  id,
  value,
  onChange,
  known,
  upload,
  onGenerate,
  generation,
  busy,
  error,
}: PortraitFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // "Edit URL" holds for the picture it was pressed on: a newly generated or uploaded picture shows
  // by its origin again. Derived, not reset by an effect: an effect that had not run yet when the
  // button was pressed undid the press.
  const [editedFor, setEditedFor] = useState<KnownPortrait | null | undefined>(undefined);
  const editingUrl = editedFor === known;
  useEffect(() => {
    if (editingUrl) urlInput.current?.focus();
  }, [editingUrl]);
  const origin = usePortraitOrigin(value, known);
  const uploading = upload.progress !== null;
  // A refused address shows as typed, so the field its error points at is there to fix.
  const showOrigin = origin !== null && !editingUrl && !error;
  const labelId = `${id}-label`;

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !busy) void upload.start(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <div
      data-testid="portrait-drop-zone"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        '-mx-2 rounded-2xl p-2 transition',
        dragging && 'bg-rose-glow/10 ring-2 ring-rose-glow/60',
      )}
    >
      <label id={labelId} htmlFor={showOrigin ? undefined : id} className={LABEL_CLASSES}>
        Character Image URL
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        {showOrigin ? (
          <div
            role="group"
            aria-labelledby={labelId}
            className={cn(FIELD_CLASSES, 'flex h-12 min-w-0 flex-1 items-center gap-2 py-0')}
          >
            <ImageIcon className="size-4 shrink-0 text-rose-glow" aria-hidden />
            {origin === 'pending' ? (
              <span className="h-4 w-32 animate-pulse rounded bg-ink-700">
                <span className="sr-only">Loading</span>
              </span>
            ) : (
              <span className="truncate">{ORIGIN_LABELS[origin]}</span>
            )}
            <button
              type="button"
              onClick={() => setEditedFor(known)}
              disabled={busy}
              className="ml-auto shrink-0 rounded text-sm text-rose-glow underline-offset-2 hover:underline disabled:opacity-60"
            >
              Edit URL
            </button>
          </div>
        ) : (
          <input
            id={id}
            type="text"
            inputMode="url"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            readOnly={generation.running || uploading}
            maxLength={LIMITS.imageUrl}
            autoComplete="off"
            dir="auto"
            placeholder="https://..."
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && errorIdOf(id), `${id}-hint`)}
            ref={urlInput}
            className={cn(FIELD_CLASSES, 'min-w-0 flex-1')}
          />
        )}
        <div className="flex gap-3">
          <Button
            variant="secondary"
            className="h-12 flex-1 shrink-0 sm:flex-none"
            onClick={() => picker.current?.click()}
            disabled={busy}
            icon={Upload}
          >
            Upload
          </Button>
          <AssistButton
            className="h-12 flex-1 shrink-0 sm:flex-none"
            onClick={onGenerate}
            disabled={busy}
            running={generation.running}
            icon={ImagePlus}
            label="Generate"
            runningLabel="Generating..."
          />
        </div>
      </div>
      <input
        ref={picker}
        type="file"
        accept={IMAGE_TYPES}
        className="sr-only"
        tabIndex={-1}
        aria-label="Portrait photo file"
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      {uploading ? (
        <div className="mt-3 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Uploading photo"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round((upload.progress ?? 0) * 100)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-ink-800"
          >
            <div
              className="h-full bg-gradient-brand transition-[width]"
              style={{ width: `${Math.round((upload.progress ?? 0) * 100)}%` }}
            />
          </div>
          <Button variant="ghost" size="sm" onClick={upload.cancel} icon={X}>
            Cancel upload
          </Button>
        </div>
      ) : null}
      {generation.job ? (
        <div className="mt-3 flex items-center gap-3" aria-live="polite">
          <GenerationProgress job={generation.job} className="flex-1" />
          <Button
            variant="ghost"
            size="sm"
            onClick={generation.cancel}
            loading={generation.cancelling}
            icon={X}
          >
            Cancel
          </Button>
        </div>
      ) : null}
      <FieldError fieldId={id} message={error} />
      {upload.error ? (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {upload.error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-2 text-xs text-ink-400">
        Paste an image link, upload or drop a photo here, or generate a portrait from the appearance below.
      </p>
    </div>
  );
}

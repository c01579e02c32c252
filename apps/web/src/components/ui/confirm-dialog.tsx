import { useEffect, useId, useRef } from 'react';
import { keepTabInside } from '../../lib/focus-trap';
import { Button } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation built on <dialog>: focus trap, Escape to cancel, backdrop click to cancel. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(event) => {
        if (event.target === ref.current && !busy) onCancel();
      }}
      onKeyDown={(event) => keepTabInside(event, ref.current)}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-ink-700 bg-ink-900 p-0 text-ink-100 shadow-glow backdrop:bg-black/70 backdrop:backdrop-blur-sm"
    >
      <div className="p-6">
        {/* A long unbroken name wraps rather than running past the dialog's edge. */}
        <h2 id={titleId} className="text-xl font-semibold break-words">
          {title}
        </h2>
        <p id={messageId} className="mt-3 break-words text-ink-300">
          {message}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

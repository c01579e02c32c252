import { useState } from 'react';
import { CheckSquare, Download, Trash2, X } from 'lucide-react';
import { MESSAGES } from '@baegen/shared';
import { type BulkDeleteOptions, useBulkDelete } from '../../lib/use-bulk-delete';
import type { Selection } from '../../lib/use-selection';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * The header's Select button, there from the first paint so nothing moves when the list arrives;
 * it waits for loaded items.
 */
export function SelectButton({ selection, loadedCount }: { selection: Selection; loadedCount: number }) {
  return (
    <Button
      variant="secondary"
      icon={CheckSquare}
      disabled={loadedCount === 0 || selection.active}
      onClick={selection.enter}
    >
      {MESSAGES.bulk.select}
    </Button>
  );
}

export interface SelectBarProps {
  selection: Selection;
  /** "3 media items", "1 character": the dialog's and the count's noun. */
  noun: (count: number) => string;
  /** Deletes the selected items; resolves once they are gone, rejects when nothing was deleted. */
  onDelete: (ids: string[]) => Promise<unknown>;
  deleting: boolean;
  /** Downloads the selected items as a zip; omitted where there is nothing to download. */
  onDownload?: (ids: string[]) => Promise<unknown>;
  downloading?: boolean;
}

/**
 * In select mode, the bar with the count and the actions: fixed at the bottom of the screen, over
 * the list rather than in it, so entering select mode moves no card.
 */
export function SelectBar({
  selection,
  noun,
  onDelete,
  deleting,
  onDownload,
  downloading = false,
}: SelectBarProps) {
  const [confirming, setConfirming] = useState(false);
  const count = selection.ids.length;
  if (!selection.active) return null;

  return (
    <>
      <div
        role="toolbar"
        aria-label={MESSAGES.bulk.selected(count)}
        className="fixed inset-x-4 bottom-4 z-30 mx-auto flex max-w-3xl flex-wrap items-center gap-3 rounded-card border border-ink-700 bg-ink-900/95 p-3 shadow-glow backdrop-blur"
      >
        <p className="mr-auto pl-2 font-semibold" aria-live="polite">
          {MESSAGES.bulk.selected(count)}
        </p>
        <Button variant="ghost" size="sm" onClick={selection.selectAll}>
          {MESSAGES.bulk.selectAll}
        </Button>
        {onDownload ? (
          <Button
            variant="secondary"
            size="sm"
            icon={Download}
            disabled={count === 0}
            loading={downloading}
            onClick={() => void onDownload(selection.ids).catch(() => undefined)}
          >
            {MESSAGES.bulk.downloadZip}
          </Button>
        ) : null}
        <Button
          variant="danger"
          size="sm"
          icon={Trash2}
          disabled={count === 0}
          onClick={() => setConfirming(true)}
        >
          {MESSAGES.bulk.delete}
        </Button>
        <Button variant="ghost" size="sm" icon={X} onClick={selection.leave}>
          {MESSAGES.bulk.cancel}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={MESSAGES.bulk.deleteTitle(noun(count))}
        message={MESSAGES.bulk.deleteConfirm(count, noun(count))}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          onDelete(selection.ids).then(
            () => {
              setConfirming(false);
              selection.leave();
            },
            () => setConfirming(false),
          );
        }}
      />
    </>
  );
}

/** The select bar of a list whose selected items go in one `POST {path}/bulk-delete`. */
export function BulkSelectBar({
  path,
  listsKey,
  noun,
  ...bar
}: Omit<SelectBarProps, 'onDelete' | 'deleting'> & Pick<BulkDeleteOptions, 'listsKey'> & { path: string }) {
  const deletion = useBulkDelete({ path: `${path}/bulk-delete`, listsKey, noun });
  return <SelectBar noun={noun} onDelete={deletion.mutateAsync} deleting={deletion.isPending} {...bar} />;
}

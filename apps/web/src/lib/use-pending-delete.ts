import { useState } from 'react';

/**
 * The item a list page asks to delete, between the card's delete button and the confirmation
 * dialog; `dialog` is spread onto ConfirmDialog. The dialog closes once the delete has settled.
 */
export function usePendingDelete<T extends { $id: string }>(deletion: {
  mutate: (id: string, options: { onSettled: () => void }) => void;
  isPending: boolean;
}) {
  const [pending, setPending] = useState<T | null>(null);
  return {
    pending,
    ask: setPending,
    dialog: {
      open: pending !== null,
      busy: deletion.isPending,
      onConfirm: () => {
        if (pending) deletion.mutate(pending.$id, { onSettled: () => setPending(null) });
      },
      onCancel: () => setPending(null),
    },
  };
}

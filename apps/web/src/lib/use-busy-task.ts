import { useState } from 'react';

/** Runs `task` on demand, `busy` while it runs; a failure goes to `onError` and no further. */
export function useBusyTask(task: () => Promise<unknown>, onError: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

import { useState } from 'react';
import toast from 'react-hot-toast';
import { LIMITS, MESSAGES } from '@baegen/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { useImproveAppearance } from './use-improve-appearance';

/** A refused text (422) or a rate limit (429) says why in the server's words; anything else, the form's. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && (error.status === 422 || error.status === 429))
    return error.message;
  return MESSAGES.characters.improveFailed;
}

/**
 * Optimize Prompt with Undo: the rewrite replaces the appearance, and until the user edits the
 * rewritten text, Undo brings their own words back.
 */
export function useAppearanceOptimizer(appearance: string, setAppearance: (text: string) => void) {
  const improve = useImproveAppearance();
  const [running, setRunning] = useState(false);
  const [undo, setUndo] = useState<{ own: string; rewrite: string } | null>(null);

  const optimize = async () => {
    if (!appearance.trim()) {
      toast.error(MESSAGES.characters.appearanceNeededToImprove);
      return;
    }
    setRunning(true);
    try {
      const { prompt } = await improve.mutateAsync(appearance.trim().slice(0, LIMITS.appearance));
      const rewrite = prompt.slice(0, LIMITS.characterText);
      setUndo({ own: appearance, rewrite });
      setAppearance(rewrite);
      toast.success(MESSAGES.characters.improved);
    } catch (error) {
      toast.error(failureMessage(error));
    } finally {
      setRunning(false);
    }
  };

  return {
    running,
    optimize,
    /** Set while the field still holds the rewrite: puts the user's own text back. */
    undo:
      undo && undo.rewrite === appearance
        ? () => {
            setAppearance(undo.own);
            setUndo(null);
          }
        : null,
  };
}

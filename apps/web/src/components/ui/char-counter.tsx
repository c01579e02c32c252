import { FORM_TEXT } from '@baegen/shared';
import { cn } from '../../lib/cn';

/** From this share of a limit on, a field shows how much of it is used. */
const NEAR_LIMIT = 0.8;

export const counterIdOf = (fieldId: string) => `${fieldId}-count`;

/** Whether a field holding `length` characters of `max` shows its counter. */
export const nearLimit = (length: number, max: number) => length >= max * NEAR_LIMIT;

/**
 * "3,950 / 4,000" under a field close to its length limit, so the limit is seen before it cuts
 * anything; at the limit it says so. Hidden while the field is well within it.
 */
export function CharCounter({ fieldId, length, max }: { fieldId: string; length: number; max: number }) {
  if (!nearLimit(length, max)) return null;
  const full = length >= max;
  return (
    <p
      id={counterIdOf(fieldId)}
      data-testid="char-counter"
      className={cn('mt-1 text-right text-xs tabular-nums', full ? 'text-amber-300' : 'text-ink-400')}
    >
      {full ? `${FORM_TEXT.counterFull} ` : null}
      {FORM_TEXT.counter(length, max)}
    </p>
  );
}

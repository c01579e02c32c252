import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/** The inline errors of a form, field by field; an empty object when every field is fine. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The id of the message under a field, for its aria-describedby. */
export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/** Joins the ids a field is described by, leaving out the ones not shown. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const shown = ids.filter(Boolean);
  return shown.length > 0 ? shown.join(' ') : undefined;
}

/**
 * Inline errors of a form. `show` sets them and moves focus to the first bad field in `order`
 * (the order on screen): the field scrolls into view below the fixed header (its scroll-margin),
 * so the eye lands where the fix is, not only on a toast. Editing a field clears its error.
 */
export function useFieldErrors<F extends string>(fieldId: (field: F) => string, order: readonly F[]) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // Bumped by each `show`, so showing the same errors twice still moves focus again.
  const [focusRequest, setFocusRequest] = useState(0);

  const focusFirst = useEffectEvent(() => {
    const first = order.find((field) => errors[field]);
    const element = first ? document.getElementById(fieldId(first)) : null;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'nearest' });
  });
  // Only a new request moves focus; the errors changing as the user types must not.
  useEffect(() => {
    if (focusRequest > 0) focusFirst();
  }, [focusRequest]);

  const show = useCallback((next: FieldErrors<F>) => {
    setErrors(next);
    setFocusRequest((request) => request + 1);
  }, []);

  const clear = useCallback((field: F) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }, []);

  /** The attributes of a field's control: invalid while it has an error, described by it. */
  const fieldProps = (field: F, ...otherDescriptions: (string | false | undefined)[]) => ({
    'aria-invalid': errors[field] ? (true as const) : undefined,
    'aria-describedby': describedBy(errors[field] && errorIdOf(fieldId(field)), ...otherDescriptions),
  });

  return { errors, show, clear, fieldProps };
}

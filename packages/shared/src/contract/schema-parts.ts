import { z } from 'zod';
import { LIST_LIMIT } from './constants';

/**
 * True when `value` holds no NUL and no unpaired UTF-16 surrogate. PostgreSQL refuses NUL in
 * text, and a lone surrogate has no UTF-8 form, so URI encoding throws and storage mangles it.
 * A loop rather than `String.prototype.isWellFormed`, which older supported browsers lack.
 */
export function isSafeText(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit === 0 || (unit >= 0xdc00 && unit <= 0xdfff)) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    }
  }
  return true;
}

/** A string of text a request may carry: every string a client sends is one. */
export const safeText = () =>
  z.string().refine(isSafeText, 'Text must not contain NUL characters or unpaired surrogates');

/** `limit` and `cursor` of a keyset-paginated list's query; `limit` defaults to `defaultLimit`. */
export const pageQueryShape = (defaultLimit: number = LIST_LIMIT) => ({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT).default(defaultLimit),
  cursor: safeText().max(500).optional(),
});

/** A `z.string()` for each of `keys`, in their order: the plain text fields of a record. */
export function stringFields<const K extends string>(...keys: K[]) {
  return Object.fromEntries(keys.map((key) => [key, z.string()])) as { [P in K]: z.ZodString };
}

import { cutText } from '../../lib/cut-text';
import type { SniffedType } from './file-type';

/** Bidi controls let "x\u202Egnp.exe" display as "xexe.png": a name shows what it is. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAME_MAX_UNITS = 200;

/** A display name of an upload: no controls or path separators, at most NAME_MAX_UNITS long. */
export function cleanName(name: string, type: SniffedType): string {
  // Path separators and control characters have no place in a display or download name.
  const cleaned = [...name.replace(BIDI_CONTROLS, '')]
    .filter(
      (char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && char !== '/' && char !== '\\',
    )
    .join('')
    .trim();
  return cutText(cleaned, NAME_MAX_UNITS) || `file.${type.extension}`;
}

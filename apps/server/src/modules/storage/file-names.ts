import { cutText } from '../../lib/cut-text';
import { type SniffedType, extensionOf } from './file-type';

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

/** What looks like an extension at the end of a name: a dot, then a short run of letters and digits. */
const EXTENSION = /\.([A-Za-z0-9]{1,8})$/;

/**
 * The name a stored file is downloaded under: its display name with the extension of what it
 * holds, so that a GIF named "evil.html" saves as "evil.gif" and is never opened as a page.
 */
export function downloadName(name: string, mimeType: string): string {
  const usual = extensionOf(mimeType);
  if (!usual) return name;
  const found = EXTENSION.exec(name);
  const extension = found?.[1]!.toLowerCase();
  if (extension === usual || (usual === 'jpg' && extension === 'jpeg')) return name;
  return `${found ? name.slice(0, found.index) : name}.${usual}`;
}

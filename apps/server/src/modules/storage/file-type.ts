export type FileKind = 'image' | 'video';

export interface SniffedType {
  mimeType: string;
  kind: FileKind;
  extension: string;
}

const TYPES = {
  png: { mimeType: 'image/png', kind: 'image', extension: 'png' },
  jpeg: { mimeType: 'image/jpeg', kind: 'image', extension: 'jpg' },
  webp: { mimeType: 'image/webp', kind: 'image', extension: 'webp' },
  gif: { mimeType: 'image/gif', kind: 'image', extension: 'gif' },
  mp4: { mimeType: 'video/mp4', kind: 'video', extension: 'mp4' },
  webm: { mimeType: 'video/webm', kind: 'video', extension: 'webm' },
} as const satisfies Record<string, SniffedType>;

/** The usual extension of a type we accept, or null for any other. */
export function extensionOf(mimeType: string): string | null {
  return Object.values(TYPES).find((type) => type.mimeType === mimeType)?.extension ?? null;
}

const ascii = (bytes: Buffer, offset: number, text: string) =>
  bytes.length >= offset + text.length && bytes.toString('latin1', offset, offset + text.length) === text;

/**
 * The type of a file from its first bytes (at least 12 are needed). The client's name and
 * Content-Type are never trusted: a `.png` holding text is not an image.
 */
export function sniffFileType(head: Buffer): SniffedType | null {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return TYPES.png;
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return TYPES.jpeg;
  }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) {
    return TYPES.webp;
  }
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) {
    return TYPES.gif;
  }
  // ISO base media: a box size, then "ftyp" and a brand; QuickTime ("qt  ") is not MP4.
  if (ascii(head, 4, 'ftyp') && head.length >= 12 && !ascii(head, 8, 'qt  ')) {
    return TYPES.mp4;
  }
  if (head.length >= 4 && head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) {
    return TYPES.webm;
  }
  return null;
}

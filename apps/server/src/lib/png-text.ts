import { promisify } from 'node:util';
import { crc32, inflate as inflateAsync, inflateSync } from 'node:zlib';

/**
 * Text chunks of PNG files (tEXt, zTXt, iTXt): read them, and write keyword/text pairs into a
 * copy of a PNG. Prompts travel in them (A1111's `parameters`) and so do character cards (`chara`,
 * `ccv3`).
 */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TEXT_TYPES = new Set(['tEXt', 'zTXt', 'iTXt']);

/**
 * The most chunks a PNG may have. Encoders write the pixels in chunks of 8 to 64 kB, so a 20 MB
 * image needs a few thousand; a file of a million empty chunks is a way to make a reader spend
 * seconds and hundreds of megabytes, and is refused as soon as its count passes this.
 */
export const PNG_MAX_CHUNKS = 20_000;

export class InvalidPngError extends Error {
  constructor(message = 'Not a valid PNG file') {
    super(message);
    this.name = 'InvalidPngError';
  }
}

interface Chunk {
  type: string;
  data: Buffer;
  /** The whole chunk as stored: length, type, data and CRC. */
  raw: Buffer;
}

export function isPng(bytes: Buffer): boolean {
  return bytes.length >= SIGNATURE.length && bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE);
}

function chunksOf(png: Buffer): Chunk[] {
  if (!isPng(png)) throw new InvalidPngError();
  const chunks: Chunk[] = [];
  let offset = SIGNATURE.length;
  while (offset < png.length) {
    if (chunks.length === PNG_MAX_CHUNKS) {
      throw new InvalidPngError(`The PNG has more than ${PNG_MAX_CHUNKS.toLocaleString('en-US')} chunks`);
    }
    if (offset + 12 > png.length) throw new InvalidPngError('The PNG file is truncated');
    const length = png.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > png.length) throw new InvalidPngError('The PNG file is truncated');
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (crc32(png.subarray(offset + 4, offset + 8 + length)) !== png.readUInt32BE(end - 4)) {
      throw new InvalidPngError(`The PNG chunk ${type} is corrupt`);
    }
    chunks.push({ type, data, raw: png.subarray(offset, end) });
    offset = end;
    if (type === 'IEND') return chunks;
  }
  throw new InvalidPngError('The PNG file has no end');
}

/**
 * The width and height a PNG's header announces, read from its bytes alone (nothing decoded, no
 * checksum checked), or null when it has no header where one must be.
 */
export function pngDimensions(png: Buffer): { width: number; height: number } | null {
  if (!isPng(png) || png.length < 24 || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const TOO_MUCH_TEXT = 'The PNG text chunks are larger than accepted';

/** A text chunk's parts: its keyword, its text's bytes, whether they are compressed and how to read them. */
function splitText(type: string, data: Buffer) {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 1) throw new InvalidPngError(`A ${type} chunk has no keyword`);
  const keyword = data.toString('latin1', 0, keywordEnd);
  const encoding: BufferEncoding = type === 'iTXt' ? 'utf8' : 'latin1';
  if (type === 'tEXt') return { keyword, body: data.subarray(keywordEnd + 1), compressed: false, encoding };
  if (type === 'zTXt') return { keyword, body: data.subarray(keywordEnd + 2), compressed: true, encoding };
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) throw new InvalidPngError('An iTXt chunk is malformed');
  return {
    keyword,
    body: data.subarray(translatedEnd + 1),
    compressed: data[keywordEnd + 1] === 1,
    encoding,
  };
}

const inflateLater = promisify(inflateAsync);

/**
 * Inflates a compressed text, refusing to grow past `maxBytes` (a few bytes can inflate to
 * gigabytes); on zlib's threads when `later`, so a large text costs the event loop nothing.
 */
async function inflate(body: Buffer, maxBytes: number, later: true): Promise<Buffer>;
function inflate(body: Buffer, maxBytes: number, later: false): Buffer;
function inflate(body: Buffer, maxBytes: number, later: boolean): Buffer | Promise<Buffer> {
  const options = Number.isFinite(maxBytes) ? { maxOutputLength: Math.max(1, maxBytes) } : {};
  const tooMuch = (error: unknown) => {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new InvalidPngError(TOO_MUCH_TEXT);
    throw new InvalidPngError('A PNG text chunk cannot be read');
  };
  if (later) return inflateLater(body, options).catch(tooMuch);
  try {
    return inflateSync(body, options);
  } catch (error) {
    return tooMuch(error);
  }
}

/**
 * Every text chunk of the PNG in file order; a keyword may appear more than once. With
 * `maxTextBytes`, the texts of all chunks together may hold at most that many bytes once inflated.
 */
export function readPngText(
  png: Buffer,
  { maxTextBytes = Infinity }: { maxTextBytes?: number } = {},
): Array<{ keyword: string; text: string }> {
  let left = maxTextBytes;
  return chunksOf(png)
    .filter((chunk) => TEXT_TYPES.has(chunk.type))
    .map((chunk) => {
      const { keyword, body, compressed, encoding } = splitText(chunk.type, chunk.data);
      const bytes = compressed ? inflate(body, left, false) : body;
      left -= bytes.length;
      if (left < 0) throw new InvalidPngError(TOO_MUCH_TEXT);
      return { keyword, text: bytes.toString(encoding) };
    });
}

/**
 * The text of the first chunk under the first of `keywords` the PNG has, or null when it has none
 * of them. Only that chunk is inflated, off the event loop, and to at most `maxTextBytes`.
 */
export async function findPngText(
  png: Buffer,
  keywords: string[],
  { maxTextBytes }: { maxTextBytes: number },
): Promise<{ keyword: string; text: string } | null> {
  const texts = chunksOf(png)
    .filter((chunk) => TEXT_TYPES.has(chunk.type))
    .map((chunk) => splitText(chunk.type, chunk.data));
  for (const wanted of keywords) {
    const found = texts.find((text) => text.keyword === wanted);
    if (!found) continue;
    const bytes = found.compressed ? await inflate(found.body, maxTextBytes, true) : found.body;
    if (bytes.length > maxTextBytes) throw new InvalidPngError(TOO_MUCH_TEXT);
    return { keyword: wanted, text: bytes.toString(found.encoding) };
  }
  return null;
}

function encodeChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/** tEXt holds Latin-1 without NUL. */
const isLatin1 = (text: string) => [...text].every((char) => char > '\u0000' && char <= '\u00ff');

/** tEXt where the text is Latin-1, as readers expect; iTXt (UTF-8) otherwise. */
function textChunk(keyword: string, text: string): Buffer {
  const name = Buffer.from(keyword, 'latin1');
  if (isLatin1(text))
    return encodeChunk('tEXt', Buffer.concat([name, Buffer.from([0]), Buffer.from(text, 'latin1')]));
  // keyword, NUL, compression flag 0, method 0, empty language tag NUL, empty translation NUL.
  const header = Buffer.from([0, 0, 0, 0, 0]);
  return encodeChunk('iTXt', Buffer.concat([name, header, Buffer.from(text, 'utf8')]));
}

/**
 * A copy of `png` carrying `entries` as text chunks just before IEND. Text chunks with the same
 * keywords are replaced; every other chunk is kept as it was.
 */
export function withPngText(png: Buffer, entries: Record<string, string>): Buffer {
  const keywords = new Set(Object.keys(entries));
  for (const keyword of keywords) {
    if (!/^[\u0020-\u007e]{1,79}$/.test(keyword)) throw new Error(`Invalid PNG keyword: ${keyword}`);
  }
  const kept = chunksOf(png).filter(
    (chunk) => !(TEXT_TYPES.has(chunk.type) && keywords.has(splitText(chunk.type, chunk.data).keyword)),
  );
  const end = kept.pop()!;
  const added = Object.entries(entries).map(([keyword, text]) => textChunk(keyword, text));
  return Buffer.concat([SIGNATURE, ...kept.map((chunk) => chunk.raw), ...added, end.raw]);
}

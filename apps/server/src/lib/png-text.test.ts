import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withChunk } from '../test/character-card-kit';
import {
  InvalidPngError,
  PNG_MAX_CHUNKS,
  findPngText,
  isPng,
  pngDimensions,
  readPngText,
  withPngText,
} from './png-text';

const tinyPng = () =>
  sharp({ create: { width: 2, height: 2, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();

describe('PNG text chunks', () => {
  it('writes Latin-1 text as tEXt and UTF-8 text as iTXt, and reads both back', async () => {
    const png = withPngText(await tinyPng(), {
      parameters: 'a red fox, Steps: 20',
      baegen: '{"prompt":"雪の狐"}',
    });
    expect(png.includes(Buffer.from('tEXtparameters'))).toBe(true);
    expect(png.includes(Buffer.from('iTXtbaegen'))).toBe(true);
    expect(readPngText(png)).toEqual([
      { keyword: 'parameters', text: 'a red fox, Steps: 20' },
      { keyword: 'baegen', text: '{"prompt":"雪の狐"}' },
    ]);
  });

  it('keeps the picture decodable and replaces a keyword written twice', async () => {
    const once = withPngText(await tinyPng(), { chara: 'first' });
    const twice = withPngText(once, { chara: 'second' });
    expect(readPngText(twice)).toEqual([{ keyword: 'chara', text: 'second' }]);
    const { width, height } = await sharp(twice).metadata();
    expect({ width, height }).toEqual({ width: 2, height: 2 });
  });

  it('reads compressed zTXt and iTXt chunks written by other tools', async () => {
    const base = await tinyPng();
    const chunk = (type: string, data: Buffer) => withChunk(base, type, data);
    const zTXt = chunk('zTXt', Buffer.concat([Buffer.from('note\0\0'), deflateSync('squeezed')]));
    expect(readPngText(zTXt)).toEqual([{ keyword: 'note', text: 'squeezed' }]);
    const iTXt = chunk('iTXt', Buffer.concat([Buffer.from('note\0\x01\0en\0\0'), deflateSync('ünïcode')]));
    expect(readPngText(iTXt)).toEqual([{ keyword: 'note', text: 'ünïcode' }]);
  });

  it('refuses what is not a whole PNG', async () => {
    const png = await tinyPng();
    expect(isPng(Buffer.from('GIF89a'))).toBe(false);
    expect(() => readPngText(Buffer.from('not a png at all'))).toThrow(InvalidPngError);
    expect(() => readPngText(png.subarray(0, png.length - 6))).toThrow(InvalidPngError);
    const corrupt = Buffer.from(png);
    corrupt.writeUInt8(corrupt.readUInt8(20) ^ 0xff, 20);
    expect(() => readPngText(corrupt)).toThrow(/corrupt/);
  });

  it('stops inflating once the texts pass maxTextBytes', async () => {
    const base = await tinyPng();
    const data = Buffer.concat([Buffer.from('chara\0\0'), deflateSync(Buffer.alloc(8 * 1024 * 1024, 'A'))]);
    const bomb = withChunk(base, 'zTXt', data);
    expect(data.length).toBeLessThan(20_000);
    expect(() => readPngText(bomb, { maxTextBytes: 1024 * 1024 })).toThrow(/larger than accepted/);
    expect(readPngText(bomb, { maxTextBytes: 8 * 1024 * 1024 })[0]!.text).toHaveLength(8 * 1024 * 1024);
    const twoChunks = withPngText(await tinyPng(), { a: 'x'.repeat(600), b: 'y'.repeat(600) });
    expect(() => readPngText(twoChunks, { maxTextBytes: 1000 })).toThrow(/larger than accepted/);
  });

  it('refuses a PNG of more chunks than PNG_MAX_CHUNKS, as soon as their count passes it', async () => {
    const base = await tinyPng();
    const empty = Buffer.alloc(12);
    empty.write('tIME', 4, 'latin1');
    empty.writeUInt32BE(crc32(Buffer.from('tIME')), 8);
    const many = (count: number) =>
      Buffer.concat([base.subarray(0, -12), Buffer.alloc(12 * count).fill(empty), base.subarray(-12)]);
    // The picture's own chunks (IHDR, IDAT, IEND...) count too.
    let own = 0;
    for (let offset = 8; offset < base.length; offset += 12 + base.readUInt32BE(offset)) own += 1;
    expect(readPngText(many(PNG_MAX_CHUNKS - own))).toEqual([]);
    expect(() => readPngText(many(PNG_MAX_CHUNKS - own + 1))).toThrow(/more than 20,000 chunks/);
  });

  it('finds the text of the first keyword a PNG has, inflating that chunk alone and within a bound', async () => {
    const png = withPngText(await tinyPng(), { chara: 'v2 card', other: 'x'.repeat(5000) });
    expect(await findPngText(png, ['ccv3', 'chara'], { maxTextBytes: 100 })).toEqual({
      keyword: 'chara',
      text: 'v2 card',
    });
    expect(await findPngText(png, ['ccv3'], { maxTextBytes: 100 })).toBeNull();
    const base = await tinyPng();
    const data = Buffer.concat([Buffer.from('ccv3\0\0'), deflateSync(Buffer.alloc(4096, 'A'))]);
    const zipped = withChunk(base, 'zTXt', data);
    expect((await findPngText(zipped, ['ccv3'], { maxTextBytes: 4096 }))?.text).toHaveLength(4096);
    await expect(findPngText(zipped, ['ccv3'], { maxTextBytes: 4095 })).rejects.toThrow(
      /larger than accepted/,
    );
  });

  it('reads the dimensions a header announces, checksum or not', async () => {
    const png = await tinyPng();
    expect(pngDimensions(png)).toEqual({ width: 2, height: 2 });
    const edited = Buffer.from(png);
    edited.writeUInt32BE(100_000, 16);
    expect(pngDimensions(edited)).toEqual({ width: 100_000, height: 2 });
    expect(pngDimensions(Buffer.from('GIF89a'))).toBeNull();
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type';

describe('sniffFileType', () => {
  it('recognises images from their bytes', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: '#f0a' } });
    expect(sniffFileType(await base.clone().png().toBuffer())?.mimeType).toBe('image/png');
    expect(sniffFileType(await base.clone().jpeg().toBuffer())?.mimeType).toBe('image/jpeg');
    expect(sniffFileType(await base.clone().webp().toBuffer())?.mimeType).toBe('image/webp');
    expect(sniffFileType(await base.clone().gif().toBuffer())?.mimeType).toBe('image/gif');
  });

  it('recognises MP4 and WebM containers', () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom0000')]);
    expect(sniffFileType(mp4)).toEqual({ mimeType: 'video/mp4', kind: 'video', extension: 'mp4' });
    expect(sniffFileType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0]))?.mimeType).toBe(
      'video/webm',
    );
  });

  it('refuses text, QuickTime and empty input', () => {
    expect(sniffFileType(Buffer.from('this is not a picture'))).toBeNull();
    expect(sniffFileType(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ')]))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
  });
});

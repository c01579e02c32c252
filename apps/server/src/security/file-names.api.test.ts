import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { isSafeText } from '@baegen/shared/contract';
import { uploadedFile } from '../test/generation-kit';
import { TEST_DIALECT } from '../test/test-app';
import { useSignedIn, useTestApp } from '../test/test-hooks';

const BIDI_CONTROLS = [
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe(`upload file names (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx);
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
  });

  const upload = (name: string, bytes = png) => uploadedFile(ctx, alice, name, bytes);

  it('drops the bidi controls that could show "exe.png" for a name ending in ".exe"', async () => {
    expect((await upload('invoice\u202egnp.exe')).name).toBe('invoicegnp.exe');
    expect((await upload(`a${BIDI_CONTROLS.join('')}b.png`)).name).toBe('ab.png');
  });

  it('cuts a long name between characters, never inside one', async () => {
    const cases = [
      // A surrogate pair straddling the limit: cutting between its halves left a lone surrogate.
      { sent: `${'a'.repeat(199)}🌙.png`, kept: 'a'.repeat(199) },
      // A letter and its combining accent are one character on screen.
      { sent: `${'a'.repeat(199)}e\u0301.png`, kept: 'a'.repeat(199) },
      { sent: `${'a'.repeat(196)}🌙🌙.png`, kept: `${'a'.repeat(196)}🌙🌙` },
    ];
    for (const { sent, kept } of cases) {
      const file = await upload(sent);
      expect(file.name).toBe(kept);
      expect(isSafeText(file.name)).toBe(true);
      const download = await ctx.app.inject({
        method: 'GET',
        url: `/api/files/${file.$id}/download`,
        headers: alice.headers,
      });
      expect(download.statusCode, download.body).toBe(200);
      expect(download.headers['content-disposition']).toContain(encodeURIComponent(kept));
    }
  });

  it('downloads a file under the extension of what it holds, whatever its name says', async () => {
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#00f' } })
      .jpeg()
      .toBuffer();
    const cases = [
      { name: 'evil.html', bytes: gif, saved: 'evil.gif' },
      { name: 'report.v2.svg', bytes: png, saved: 'report.v2.png' },
      { name: 'Mr. Smith', bytes: png, saved: 'Mr. Smith.png' },
      { name: 'holiday.JPEG', bytes: jpeg, saved: 'holiday.JPEG' },
      { name: 'holiday.gif', bytes: gif, saved: 'holiday.gif' },
    ];
    for (const { name, bytes, saved } of cases) {
      const file = await upload(name, bytes);
      expect(file.name).toBe(name);
      const download = await ctx.app.inject({
        method: 'GET',
        url: `/api/files/${file.$id}/download`,
        headers: alice.headers,
      });
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="${saved}"; filename*=UTF-8''${encodeURIComponent(saved)}`,
      );
    }
  });
});

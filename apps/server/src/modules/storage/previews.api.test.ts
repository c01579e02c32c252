import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadedFile } from '../../test/generation-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

describe(`preview bounds (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx);

  const upload = async (data: Buffer) => (await uploadedFile(ctx, alice, 'tiny.gif', data)).$id;
  const preview = (id: string, query: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/files/${id}/preview?${query}`, headers: alice.headers });

  it('never makes a preview larger than its picture, and makes nearby qualities once', async () => {
    const gif = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#f0a' } })
      .gif()
      .toBuffer();
    const id = await upload(gif);
    const started = performance.now();
    for (const quality of [71, 72, 73, 74, 75, 76, 77, 78, 79, 80]) {
      const res = await preview(id, `width=4000&height=4000&quality=${quality}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 12, height: 8, format: 'jpeg' });
    }
    // Ten 4000×4000 encodings took seconds; ten of a 12×8 picture, one of them made, take nothing.
    expect(performance.now() - started).toBeLessThan(3000);
    const widthOnly = await preview(id, 'width=3000&quality=75');
    expect(await sharp(widthOnly.rawPayload).metadata()).toMatchObject({ width: 12, height: 8 });
    const cropped = await preview(id, 'width=4000&height=4&quality=80');
    expect(await sharp(cropped.rawPayload).metadata()).toMatchObject({ width: 12, height: 4 });
    const smaller = await preview(id, 'width=6&quality=12');
    expect(await sharp(smaller.rawPayload).metadata()).toMatchObject({ width: 6, height: 4 });
    expect(fs.readdirSync(path.join(ctx.dataDir, 'files', 'derived', id)).sort()).toEqual([
      '12x0-q80.jpeg',
      '12x4-q80.jpeg',
      '12x8-q80.jpeg',
      '6x0-q20.jpeg',
    ]);
  });

  it('bounds a preview by the picture as it is shown, turned by its EXIF orientation', async () => {
    // Stored 20 wide and 10 high, shown turned a quarter: 10 wide and 20 high.
    const turned = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0af' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const id = await upload(turned);
    const res = await preview(id, 'width=4000&height=4000');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 10, height: 20 });
  });
});

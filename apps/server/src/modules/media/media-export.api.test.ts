import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  BULK_MAX_IDS,
  MEDIA_EXPORT_MANIFEST,
  API_MESSAGES,
  SAMPLE_VIDEO_URL,
  mediaExportManifestSchema,
  mediaFileName,
} from '@baegen/shared/contract';
import { readZip } from '../../../../../scripts/read-zip.mjs';
import { bulkPost, createCharacter, createMedia } from '../../test/bulk-kit';
import { expectFailure, uploadFile, uploadSubject } from '../../test/generation-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';
import { findAssetsDir } from '../samples/samples.routes';

const URL = '/api/media/export';
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** Bytes an upload takes for an MP4: an ftyp box, then noise standing in for the frames. */
function fakeMp4(size: number): Buffer {
  const head = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  return Buffer.concat([head, crypto.randomBytes(size - head.length)]);
}

describe(`POST /api/media/export (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  const uploadVideo = (who: typeof alice, data: Buffer) => uploadFile(ctx, who, 'clip.mp4', data);

  it('streams a zip of the records under their download names, with a manifest', async () => {
    const character = await createCharacter(ctx, alice, 'Luna');
    const characterId = character.$id;
    const image = await createMedia(ctx, alice, { characterId, url: (await uploadSubject(ctx, alice)).url });
    const clipBytes = fakeMp4(1_500_000);
    const video = await createMedia(ctx, alice, {
      characterId,
      type: 'video',
      url: await uploadVideo(alice, clipBytes),
    });
    const sample = await createMedia(ctx, alice, { characterId, type: 'video', url: SAMPLE_VIDEO_URL });
    const external = await createMedia(ctx, alice, { characterId, url: 'https://cdn.example.com/a.png' });

    const res = await bulkPost(ctx, alice, URL, [video.$id, image.$id, external.$id, sample.$id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="baegen-media-4.zip"');

    const entries = await readZip(res.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      mediaFileName(video),
      mediaFileName(image),
      mediaFileName(sample),
      MEDIA_EXPORT_MANIFEST,
    ]);
    const [videoEntry, imageEntry, sampleEntry, manifestEntry] = entries;
    expect(videoEntry!.name).toBe(`media_${video.$id}.mp4`);
    expect(videoEntry!.data.equals(clipBytes)).toBe(true);
    // The stored image is a PNG: the entry holds the JPEG the single download serves.
    expect(imageEntry!.name).toBe(`media_${image.$id}.jpg`);
    expect(imageEntry!.data.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
    const single = await ctx.app.inject({
      method: 'GET',
      url: `${image.url.replace(/\/view$/, '/preview')}?output=jpg`,
      headers: alice.headers,
    });
    expect(imageEntry!.data.equals(single.rawPayload)).toBe(true);
    const sampleBytes = fs.readFileSync(path.join(findAssetsDir(), 'sample-video.mp4'));
    expect(sampleEntry!.data.equals(sampleBytes)).toBe(true);

    const manifest = mediaExportManifestSchema.parse(JSON.parse(manifestEntry!.data.toString('utf8')));
    expect(manifest.exportedAt).toBe(ctx.clock().toISOString());
    expect(manifest.items).toEqual([
      { file: mediaFileName(video), media: video },
      { file: mediaFileName(image), media: image },
      { file: null, skipped: API_MESSAGES.bulk.skippedExternal, media: external },
      { file: mediaFileName(sample), media: sample },
    ]);
  });

  it('lists a record whose file is gone in the manifest, without an entry', async () => {
    const character = await createCharacter(ctx, alice, 'Mira');
    const { url } = await uploadSubject(ctx, alice, '#0a0');
    const media = await createMedia(ctx, alice, { characterId: character.$id, url });
    await ctx.database.db.deleteFrom('files').where('id', '=', url.split('/')[3]!).execute();

    const res = await bulkPost(ctx, alice, URL, [media.$id]);
    expect(res.statusCode, res.body).toBe(200);
    const entries = await readZip(res.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([MEDIA_EXPORT_MANIFEST]);
    const manifest = mediaExportManifestSchema.parse(JSON.parse(entries[0]!.data.toString('utf8')));
    expect(manifest.items).toEqual([{ file: null, skipped: API_MESSAGES.bulk.skippedMissing, media }]);
  });

  it('answers 404 before any byte when one id is another user’s or unknown', async () => {
    const mine = await createMedia(ctx, alice, {
      characterId: (await createCharacter(ctx, alice, 'Ada')).$id,
      url: (await uploadSubject(ctx, alice, '#00a')).url,
    });
    const theirs = await createMedia(ctx, bob, {
      characterId: (await createCharacter(ctx, bob, 'Bea')).$id,
      url: (await uploadSubject(ctx, bob, '#a00')).url,
    });
    for (const ids of [[mine.$id, theirs.$id], [theirs.$id], [mine.$id, 'no-such-media']]) {
      const res = await bulkPost(ctx, alice, URL, ids);
      expectFailure(res, 404, 'MEDIA_NOT_FOUND', 'Media not found');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    // Bob's file is still his alone to export.
    const his = await bulkPost(ctx, bob, URL, [theirs.$id]);
    expect((await readZip(his.rawPayload)).map((entry) => entry.name)).toEqual([
      mediaFileName(theirs),
      MEDIA_EXPORT_MANIFEST,
    ]);
  });

  let address: string | undefined;
  /** The app on a real socket, for the tests that need one to break off or fail half way. */
  const listening = async () => (address ??= await ctx.app.listen({ port: 0, host: '127.0.0.1' }));

  /** Descriptors this process holds open on files under `dir`. */
  function openFilesUnder(dir: string): string[] {
    return fs
      .readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .filter(
        (target) => target.startsWith(dir) && !target.endsWith('.db') && !/\.db-(wal|shm)$/.test(target),
      );
  }

  it('closes the file it was reading when the client goes away mid-download', async () => {
    const characterId = (await createCharacter(ctx, alice, 'Rhea')).$id;
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const url = await uploadVideo(alice, fakeMp4(4_900_000));
      ids.push((await createMedia(ctx, alice, { characterId, type: 'video', url })).$id);
    }
    const base = await listening();
    const body = JSON.stringify({ ids });
    await new Promise<void>((resolve, reject) => {
      const request = http.request(
        `${base}${URL}`,
        {
          method: 'POST',
          headers: { ...alice.headers, 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          // One chunk, then nothing more is read: the server is left waiting half way.
          res.once('data', () => {
            res.pause();
            // The server fills the socket's buffers, then waits half way through a file.
            expect
              .poll(() => openFilesUnder(ctx.dataDir).length, { timeout: 5000 })
              .toBeGreaterThan(0)
              .then(() => {
                request.destroy();
                resolve();
              }, reject);
          });
        },
      );
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      request.end(body);
    });
    await expect.poll(() => openFilesUnder(ctx.dataDir), { timeout: 5000 }).toEqual([]);
  });

  it('cuts the download short when an image turns out damaged half way', async () => {
    const characterId = (await createCharacter(ctx, alice, 'Tess')).$id;
    const video = await createMedia(ctx, alice, {
      characterId,
      type: 'video',
      url: await uploadVideo(alice, fakeMp4(200_000)),
    });
    // Cut short in its pixels: the upload reads the header and takes it, the JPEG cannot be made.
    const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#39f' } })
      .png()
      .toBuffer();
    const damaged = whole.subarray(0, whole.indexOf('IDAT') + 40);
    const url = await uploadFile(ctx, alice, 'damaged.png', damaged);
    const image = await createMedia(ctx, alice, { characterId, url });

    const base = await listening();
    const res = await fetch(`${base}${URL}`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [video.$id, image.$id] }),
    });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });

  it('refuses an empty or over-long list with 400 and a signed-out caller with 401', async () => {
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, (_, index) => `id${index}`);
    for (const ids of [[], tooMany, ['a', 'a']]) {
      expect((await bulkPost(ctx, alice, URL, ids)).statusCode, JSON.stringify(ids)).toBe(400);
    }
    expect((await bulkPost(ctx, undefined, URL, ['a'])).statusCode).toBe(401);
  });
});

import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type Media,
  PNG_BAEGEN_KEYWORD,
  PNG_PARAMETERS_KEYWORD,
  fileIdFromUrl,
  mediaListSchema,
  mediaPngDownloadUrl,
  mediaSchema,
} from '@baegen/shared/contract';
import { PNG_MAX_CHUNKS, readPngText } from '../../lib/png-text';
import { TEST_DIALECT } from '../../test/test-app';
import {
  createCharacter,
  finishCharacterJob,
  startJob,
  startVideoJob,
  waitForJob,
} from '../../test/generation-jobs-kit';
import { uploadFile, uploadSubject } from '../../test/generation-kit';
import { type SignedIn, useSignedIn, useTestApp } from '../../test/test-hooks';
import { DEMO_IMAGE_MODEL, demoSeed } from '../generation/providers/image/demo-image.provider';
import { DEMO_VIDEO_MODEL } from '../generation/providers/video/demo-video.provider';

describe(`media provenance and PNG download (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ DEMO_DELAY_MS: '0', VIDEO_POLL_INTERVAL_MS: '10' });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  const postMedia = (who: SignedIn, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/media', headers: who.headers, payload });
  const download = (who: SignedIn, id: string, format = 'png') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/media/${encodeURIComponent(id)}/download?format=${format}`,
      headers: who.headers,
    });

  async function saveImage(who: SignedIn, characterId: string, url: string, prompt = 'saved prompt') {
    const res = await postMedia(who, { characterId, type: 'image', prompt, url, thumbnail: url });
    expect(res.statusCode, res.body).toBe(201);
    return mediaSchema.parse(res.json());
  }

  it('records how a saved job output was made, from the job and not from the client', async () => {
    const prompt = 'Noor reading under a lamp';
    const { character, subject, job } = await finishCharacterJob(ctx, alice, prompt);
    // The third output, with a made-up provenance the server must not take.
    const media = await saveImage(alice, character.$id, job.outputs[2]!, 'what the client says');
    const forged = { jobId: 'forged', provider: 'forged', model: 'x', seed: 1, prompt: 'x', subject: null };
    expect(media.generation).toEqual({
      jobId: job.$id,
      provider: 'demo',
      model: DEMO_IMAGE_MODEL,
      seed: demoSeed(`character\n${prompt}\nfile:${fileIdFromUrl(subject.url)}\n2`),
      prompt,
      subject: subject.url,
    });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/media', headers: alice.headers });
    const listed = mediaListSchema.parse(list.json()).documents.find((item) => item.$id === media.$id);
    expect(listed?.generation).toEqual(media.generation);

    const another = await postMedia(alice, {
      characterId: character.$id,
      type: 'image',
      prompt: 'forged',
      url: job.outputs[1],
      generation: forged,
    });
    expect(another.statusCode, another.body).toBe(201);
    const second = mediaSchema.parse(another.json());
    expect(second.generation?.jobId).toBe(job.$id);
    // Each output keeps its own seed.
    expect(second.generation?.seed).not.toBe(media.generation?.seed);
  });

  it('records a prompt-only image job with no subject', async () => {
    const character = await createCharacter(ctx, alice, 'Lark');
    const created = await startJob(ctx, alice, { kind: 'image', prompt: 'a lantern in fog' });
    const job = await waitForJob(ctx, alice, created.$id, 'succeeded');
    const media = await saveImage(alice, character.$id, job.outputs[0]!);
    expect(media.generation).toEqual({
      jobId: job.$id,
      provider: 'demo',
      model: DEMO_IMAGE_MODEL,
      seed: demoSeed('image\na lantern in fog'),
      prompt: 'a lantern in fog',
      subject: null,
    });
  });

  it('gives an uploaded image, and another user saving the same URL, no generation', async () => {
    const character = await createCharacter(ctx, alice, 'Iris');
    const upload = await uploadSubject(ctx, alice, '#3a6');
    const uploaded = await saveImage(alice, character.$id, upload.url);
    expect(uploaded.generation).toBeNull();

    const { job } = await finishCharacterJob(ctx, alice, 'Noor by the sea');
    const bobsCharacter = await createCharacter(ctx, bob, 'Bea');
    const stolen = await saveImage(bob, bobsCharacter.$id, job.outputs[0]!);
    expect(stolen.generation).toBeNull();
  });

  it('records the provenance of the media a video job saves itself', async () => {
    const { character, job: created } = await startVideoJob(ctx, alice, 'Vale', 'Vale turns around');
    const job = await waitForJob(ctx, alice, created.$id, 'succeeded');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/media?type=video',
      headers: alice.headers,
    });
    const video = mediaListSchema.parse(list.json()).documents.find((item) => item.$id === job.mediaIds[0]);
    expect(video?.generation).toEqual({
      jobId: job.$id,
      provider: 'demo',
      model: DEMO_VIDEO_MODEL,
      seed: null,
      prompt: 'Vale turns around',
      subject: character.imageUrl,
    });
  });

  it('downloads a generated image as a PNG with A1111 parameters and the generation as JSON', async () => {
    const prompt = 'Noor on a rooftop at night';
    const { character, job } = await finishCharacterJob(ctx, alice, prompt);
    const media = await saveImage(alice, character.$id, job.outputs[0]!);
    const res = await ctx.app.inject({
      method: 'GET',
      url: mediaPngDownloadUrl(media.$id),
      headers: alice.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="media_${media.$id}.png"`);

    const chunks = Object.fromEntries(readPngText(res.rawPayload).map((c) => [c.keyword, c.text]));
    const seed = media.generation!.seed!;
    expect(chunks[PNG_PARAMETERS_KEYWORD]).toBe(
      `${prompt}\nSeed: ${seed}, Size: 768x1024, Model: ${DEMO_IMAGE_MODEL}`,
    );
    expect(JSON.parse(chunks[PNG_BAEGEN_KEYWORD]!)).toEqual({
      mediaId: media.$id,
      generation: media.generation,
    });
    const decoded = await sharp(res.rawPayload).metadata();
    expect(decoded).toMatchObject({ format: 'png', width: 768, height: 1024 });
  });

  it('turns an uploaded JPEG into a PNG that names no generation', async () => {
    const character = await createCharacter(ctx, alice, 'Jade');
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#48c' } })
      .jpeg()
      .toBuffer();
    const url = await uploadFile(ctx, alice, 'photo.jpg', jpeg);
    const media = await saveImage(alice, character.$id, url, 'a blue photo');
    const res = await download(alice, media.$id);
    expect(res.statusCode, res.body).toBe(200);
    const chunks = Object.fromEntries(readPngText(res.rawPayload).map((c) => [c.keyword, c.text]));
    expect(chunks[PNG_PARAMETERS_KEYWORD]).toBe('a blue photo\nSize: 40x30');
    expect(JSON.parse(chunks[PNG_BAEGEN_KEYWORD]!)).toEqual({ mediaId: media.$id, generation: null });
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
  });

  it('writes a PNG of more chunks than are read afresh, its text chunks dropped', async () => {
    const character = await createCharacter(ctx, alice, 'Mox');
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const text = Buffer.alloc(14);
    text.writeUInt32BE(2, 0);
    text.write('tEXta\0', 4, 'latin1');
    text.writeUInt32BE(crc32(text.subarray(4, 10)), 10);
    const chunky = Buffer.concat([
      png.subarray(0, -12),
      Buffer.alloc(14 * (PNG_MAX_CHUNKS + 1)).fill(text),
      png.subarray(-12),
    ]);
    const media = await saveImage(alice, character.$id, await uploadFile(ctx, alice, 'chunky.png', chunky));
    const res = await download(alice, media.$id);
    expect(res.statusCode, res.body).toBe(200);
    const chunks = readPngText(res.rawPayload);
    expect(chunks.map((chunk) => chunk.keyword)).toEqual([PNG_PARAMETERS_KEYWORD, PNG_BAEGEN_KEYWORD]);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 8, height: 6 });
  });

  it("answers 404 for another user's media or an unknown id, and 401 signed out", async () => {
    const { character, job } = await finishCharacterJob(ctx, alice, 'Noor in the rain');
    const media = await saveImage(alice, character.$id, job.outputs[3]!);
    const foreign = await download(bob, media.$id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: { code: 'MEDIA_NOT_FOUND', message: 'Media not found' } });
    expect((await download(alice, 'nope')).statusCode).toBe(404);
    const signedOut = await ctx.app.inject({ method: 'GET', url: mediaPngDownloadUrl(media.$id) });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses a video (415), an image stored elsewhere (409) and another format (400)', async () => {
    const { job: created } = await startVideoJob(ctx, alice, 'Rue', 'Rue dances');
    const job = await waitForJob(ctx, alice, created.$id, 'succeeded');
    const video = await download(alice, job.mediaIds[0]!);
    expect(video.statusCode).toBe(415);
    expect(video.json<{ error: { code: string } }>().error.code).toBe('NOT_AN_IMAGE');

    const character = await createCharacter(ctx, alice, 'Sol');
    const remote: Media = await saveImage(alice, character.$id, 'https://images.example.com/sol.png');
    const elsewhere = await download(alice, remote.$id);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json<{ error: { code: string } }>().error.code).toBe('MEDIA_NOT_STORED');

    const jpg = await download(alice, remote.$id, 'jpg');
    expect(jpg.statusCode).toBe(400);
    expect(jpg.json<{ error: { code: string } }>().error).toBeDefined();
  });
});

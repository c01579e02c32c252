import { describe, expect, it } from 'vitest';
import { MESSAGES, STYLE_PRESET_WORDS, mediaSchema } from '@baegen/shared';
import { fakePng, sendJson } from '../../../../test/fake-http-server';
import { createCharacter, startJob, waitForJob } from '../../../../test/generation-jobs-kit';
import { expectFailure } from '../../../../test/generation-kit';
import { useProviderHarness } from '../../../../test/provider-test-harness';
import { TEST_DIALECT } from '../../../../test/test-app';

/** Stable Diffusion WebUI: /sdapi/v1/txt2img and /sdapi/v1/img2img answer {images: [base64…]}. */
describe(`a1111 image provider (${TEST_DIALECT})`, () => {
  const h = useProviderHarness<'error' | 'malformed' | 'slow'>({
    env: (url) => ({ IMAGE_PROVIDER: 'a1111', A1111_BASE_URL: url }),
    vendor: async (req, res, { mode }) => {
      if (mode === 'slow') return;
      if (mode === 'error')
        return sendJson(res, 500, { error: 'OutOfMemoryError', detail: 'CUDA out of memory' });
      if (mode === 'malformed') return sendJson(res, 200, { images: 'iVBOR', parameters: {}, info: '{}' });
      const body = JSON.parse(req.body.toString()) as { batch_size: number };
      const kind = req.url.split('/').pop();
      const images = await Promise.all(
        Array.from({ length: body.batch_size }, async (_, i) =>
          (await fakePng(`${kind}-${i}`)).toString('base64'),
        ),
      );
      const seeds = images.map((_, i) => 4_000_000_000 + i);
      const info =
        kind === 'img2img' ? JSON.stringify({ all_seeds: seeds, sd_model_name: 'sdxl_base' }) : '{}';
      sendJson(res, 200, { images, parameters: body, info });
    },
  });

  it('passes the count, shape, negative prompt and style of a job to txt2img', async () => {
    const created = await startJob(h.ctx, h.user, {
      kind: 'image',
      prompt: 'a castle',
      outputs: 2,
      aspectRatio: 'landscape',
      negativePrompt: 'fog',
      style: 'painting',
    });
    const job = await waitForJob(h.ctx, h.user, created.$id, 'succeeded');
    expect(job.outputs).toHaveLength(2);
    expect(JSON.parse(h.fake.requests.at(-1)!.body.toString())).toMatchObject({
      prompt: `a castle, ${STYLE_PRESET_WORDS.painting}`,
      batch_size: 2,
      width: 1024,
      height: 768,
      negative_prompt: expect.stringMatching(/, fog$/) as unknown,
    });
  });

  it('runs txt2img and stores the decoded image', async () => {
    const res = await h.generate('image', { prompt: 'a castle on a hill' });
    expect(res.statusCode, res.body).toBe(200);
    expect(h.fake.requests[0]!.url).toBe('/sdapi/v1/txt2img');
    expect(JSON.parse(h.fake.requests[0]!.body.toString())).toMatchObject({
      prompt: 'a castle on a hill',
      batch_size: 1,
      width: 768,
      height: 1024,
    });
    await h.expectStored(res, ['txt2img-0']);
  });

  it('runs img2img from the subject and stores each output', async () => {
    const { subject, res } = await h.varySubject('smiling', 2);
    const sent = JSON.parse(h.fake.requests[0]!.body.toString()) as {
      init_images: string[];
      batch_size: number;
    };
    expect(h.fake.requests[0]!.url).toBe('/sdapi/v1/img2img');
    expect(sent.init_images).toEqual([subject.data.toString('base64')]);
    expect(sent.batch_size).toBe(2);
    await h.expectStored(res, ['img2img-0', 'img2img-1']);
  });

  it("keeps the model and each output's seed from the WebUI's info as the media's provenance", async () => {
    const subject = await h.uploadSubject();
    const character = await createCharacter(h.ctx, h.user, 'Ada');
    const created = await startJob(h.ctx, h.user, {
      kind: 'character',
      prompt: 'in a garden',
      subject: subject.url,
      characterId: character.$id,
      outputs: 2,
    });
    const job = await waitForJob(h.ctx, h.user, created.$id, 'succeeded');
    const saved = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: h.user.headers,
      payload: { characterId: character.$id, type: 'image', prompt: 'in a garden', url: job.outputs[1] },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(mediaSchema.parse(saved.json()).generation).toMatchObject({
      provider: 'a1111',
      model: 'sdxl_base',
      seed: 4_000_000_001,
      subject: subject.url,
    });
  });

  it('turns a 500 still standing after the retries into 502', async () => {
    await h.failsAfterRetries('error', 'image');
  });

  it('runs txt2img again after two 503s and stores the one answer', async () => {
    const res = await h.generateAfterTwo503s('image', { prompt: 'a castle' });
    await h.expectStored(res, ['txt2img-0']);
  });

  it('fails at once on a 400, having asked once', async () => {
    h.fake.fail(() => true, { status: 400 });
    const res = await h.generate('image', { prompt: 'a castle' });
    expectFailure(res, 502, 'IMAGE_GENERATION_FAILED', MESSAGES.service.imageFailed);
    expect(h.fake.requests).toHaveLength(1);
  });

  it('turns a malformed images field into 502', () => h.failsWith('malformed', 'image'));

  it('gives up after the provider timeout', () => h.failsWith('slow', 'character'));
});

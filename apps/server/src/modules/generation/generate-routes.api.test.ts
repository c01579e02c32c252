import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS, MESSAGES, defaultAvatarUrl } from '@baegen/shared';
import { candidateFlag, expectFailure, generate, servedSha, uploadSubject } from '../../test/generation-kit';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';
import { ALL_GENERATION_CAPABILITIES } from './providers/image/image-shape';
import type { ImageProvider } from './providers/ports';

describe(`generation API with the demo providers (${TEST_DIALECT})`, () => {
  let now = new Date('2026-03-01T08:00:00.000Z');
  const ctx = useTestApp({}, { clock: () => now });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  it('improves a prompt offline, the same way every time', async () => {
    const first = await generate(ctx, alice, 'prompt', { appearance: 'long black hair, freckles' });
    expect(first.statusCode).toBe(200);
    const { prompt } = first.json<{ prompt: string }>();
    expect(prompt).toContain('long black hair, freckles');
    expect(prompt).toMatch(/safe for work/i);
    expect(
      (await generate(ctx, alice, 'prompt', { appearance: 'long black hair, freckles' })).json(),
    ).toEqual({ prompt });
  });

  it('draws one demo image, stored as a candidate PNG, identical for the same prompt', async () => {
    const a = (await generate(ctx, alice, 'image', { prompt: 'a sunny meadow' })).json<{ urls: string[] }>()
      .urls;
    const b = (await generate(ctx, alice, 'image', { prompt: 'a sunny meadow' })).json<{ urls: string[] }>()
      .urls;
    const c = (await generate(ctx, alice, 'image', { prompt: 'a rainy street' })).json<{ urls: string[] }>()
      .urls;
    expect(a).toHaveLength(1);
    expect(a[0]).not.toBe(b[0]);
    expect(await servedSha(ctx, alice, a[0]!)).toBe(await servedSha(ctx, alice, b[0]!));
    expect(await servedSha(ctx, alice, a[0]!)).not.toBe(await servedSha(ctx, alice, c[0]!));
    const view = await ctx.app.inject({ method: 'GET', url: a[0]!, headers: alice.headers });
    expect(view.headers['content-type']).toBe('image/png');
    expect(await candidateFlag(ctx, a[0]!)).toBe(1);
  });

  it('draws four distinct variations of a subject, deterministic per prompt, subject and index', async () => {
    const subject = await uploadSubject(ctx, alice);
    const run = async () => {
      const res = await generate(ctx, alice, 'character', { prompt: 'on a boat', subject: subject.url });
      expect(res.statusCode, res.body).toBe(200);
      const { urls } = res.json<{ urls: string[] }>();
      return Promise.all(urls.map((url) => servedSha(ctx, alice, url)));
    };
    const first = await run();
    expect(first).toHaveLength(4);
    expect(new Set(first).size).toBe(4);
    expect(await run()).toEqual(first);

    const avatar = await generate(ctx, alice, 'character', {
      prompt: 'on a boat',
      subject: defaultAvatarUrl('Luna'),
      number_of_outputs: 2,
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const avatarShas = await Promise.all(
      avatar.json<{ urls: string[] }>().urls.map((url) => servedSha(ctx, alice, url)),
    );
    expect(avatarShas).toHaveLength(2);
    expect(avatarShas[0]).not.toBe(first[0]);
  });

  it("refuses a subject that is someone else's file or not an https URL", async () => {
    const subject = await uploadSubject(ctx, alice);
    expectFailure(
      await generate(ctx, bob, 'character', { prompt: 'x', subject: subject.url }),
      404,
      'FILE_NOT_FOUND',
    );
    for (const bad of [
      'http://example.com/a.png',
      'file:///etc/passwd',
      '/api/health',
      'javascript:alert(1)',
    ]) {
      expectFailure(
        await generate(ctx, alice, 'character', { prompt: 'x', subject: bad }),
        400,
        'INVALID_SUBJECT',
      );
    }
    const https = await generate(ctx, alice, 'character', {
      prompt: 'x',
      subject: 'https://images.example/person.png',
      number_of_outputs: 1,
    });
    expect(https.statusCode).toBe(200);
  });

  it('validates sessions, lengths and outputs', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/generate/image', payload: { prompt: 'x' } }))
        .statusCode,
    ).toBe(401);
    expectFailure(
      await generate(ctx, alice, 'image', { prompt: 'x'.repeat(LIMITS.prompt + 1) }),
      400,
      'VALIDATION_ERROR',
    );
    expectFailure(
      await generate(ctx, alice, 'prompt', { appearance: 'x'.repeat(LIMITS.appearance + 1) }),
      400,
      'VALIDATION_ERROR',
    );
    expectFailure(await generate(ctx, alice, 'image', { prompt: '   ' }), 400, 'VALIDATION_ERROR');
    const subject = await uploadSubject(ctx, alice);
    expectFailure(
      await generate(ctx, alice, 'character', { prompt: 'x', subject: subject.url, number_of_outputs: 5 }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('refuses prompts that sexualise minors with 422, before any provider runs', async () => {
    const files = await ctx.database.db.selectFrom('files').select('id').execute();
    expectFailure(
      await generate(ctx, alice, 'image', { prompt: 'a sexy 15 year old' }),
      422,
      'PROMPT_REFUSED',
      MESSAGES.service.promptRefused,
    );
    expectFailure(await generate(ctx, alice, 'prompt', { appearance: 'loli' }), 422, 'PROMPT_REFUSED');
    expect(await ctx.database.db.selectFrom('files').select('id').execute()).toHaveLength(files.length);
    const adult = await generate(ctx, alice, 'image', {
      prompt: 'a 25 year old woman in a school uniform costume at a party',
    });
    expect(adult.statusCode).toBe(200);
  });

  it('keeps claimed candidates, sweeps the rest after the TTL, and deletes by URL', async () => {
    const [kept] = (await generate(ctx, alice, 'image', { prompt: 'kept' })).json<{ urls: string[] }>().urls;
    const [dropped] = (await generate(ctx, alice, 'image', { prompt: 'dropped' })).json<{ urls: string[] }>()
      .urls;
    const [bobs] = (await generate(ctx, bob, 'image', { prompt: 'bob' })).json<{ urls: string[] }>().urls;
    const uploaded = await uploadSubject(ctx, alice, '#123');

    await ctx.app.storage.files.claimUrls(bob.userId, [kept!]);
    expect(await candidateFlag(ctx, kept!)).toBe(1);
    await ctx.app.storage.files.claimUrls(alice.userId, [
      kept!,
      'https://elsewhere.example/x.png',
      'not a url',
    ]);
    expect(await candidateFlag(ctx, kept!)).toBe(0);

    now = new Date(now.getTime() + 23 * 3600_000);
    await ctx.app.scheduler.run('files-sweep');
    expect(await candidateFlag(ctx, dropped!)).toBe(1);

    now = new Date(now.getTime() + 2 * 3600_000);
    await ctx.app.scheduler.run('files-sweep');
    expect(await candidateFlag(ctx, dropped!)).toBeNull();
    expect(await candidateFlag(ctx, bobs!)).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: dropped!, headers: alice.headers })).statusCode).toBe(
      404,
    );
    expect(await candidateFlag(ctx, kept!)).toBe(0);
    expect(await candidateFlag(ctx, uploaded.url)).toBe(0);

    await ctx.app.storage.files.deleteByUrl(bob.userId, kept!);
    expect(await candidateFlag(ctx, kept!)).toBe(0);
    await ctx.app.storage.files.deleteByUrl(alice.userId, 'https://elsewhere.example/x.png');
    await ctx.app.storage.files.deleteByUrl(alice.userId, kept!);
    expect(await candidateFlag(ctx, kept!)).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: kept!, headers: alice.headers })).statusCode).toBe(
      404,
    );
  });
});

describe(`generation limits (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  let started: () => void;
  const providerStarted = new Promise<void>((resolve) => (started = resolve));
  let seenSignal: AbortSignal | undefined;

  const hanging: ImageProvider = {
    name: 'hanging',
    capabilities: ALL_GENERATION_CAPABILITIES,
    generate: (_prompt, signal) => {
      seenSignal = signal;
      started();
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    },
    generateCharacter: () => Promise.resolve([]),
  };

  beforeAll(async () => {
    ctx = await createTestApp(
      { GENERATION_RATE_LIMIT_MAX: '2', GENERATION_RATE_LIMIT_WINDOW_MS: '60000' },
      { providers: { image: hanging } },
    );
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('limits each user separately with 429 and Retry-After', async () => {
    const carol = await signIn(ctx.app);
    const dave = await signIn(ctx.app);
    for (let i = 0; i < 2; i += 1)
      expect((await generate(ctx, carol, 'prompt', { appearance: 'x' })).statusCode).toBe(200);
    const limited = await generate(ctx, carol, 'prompt', { appearance: 'x' });
    expectFailure(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await generate(ctx, dave, 'prompt', { appearance: 'x' })).statusCode).toBe(200);
  });

  it('cancels the provider call when the client goes away', async () => {
    const erin = await signIn(ctx.app);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/generate/image',
      headers: { ...erin.headers, 'content-type': 'application/json' },
    });
    request.on('error', () => undefined);
    request.end(JSON.stringify({ prompt: 'never finishes' }));
    await providerStarted;
    expect(seenSignal?.aborted).toBe(false);
    request.destroy();
    await vi.waitFor(() => expect(seenSignal?.aborted).toBe(true), { timeout: 5000 });
  });
});

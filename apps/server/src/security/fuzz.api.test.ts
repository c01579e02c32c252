import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Character, type FileUpload, type Media, fileViewUrl } from '@baegen/shared/contract';
import { TEST_DIALECT } from '../test/test-app';
import {
  type Endpoint,
  type Known,
  type Probe,
  queryFor,
  urlText,
  withBody,
  withId,
  withQuery,
} from '../test/fuzz-kit';
import { type SignedIn, useSignedIn, useTestApp } from '../test/test-hooks';

/**
 * Property-based probing of every endpoint that reads a JSON body, a query string or a path id:
 * whatever a signed-in client sends, the answer is never a server error, the server stays
 * healthy and another user's records stay exactly as they were.
 */

/** Requests per endpoint: enough to reach each field with each kind of value, within ~20 s a database. */
const RUNS_PER_ENDPOINT = 30;

// No image: the character then gets a default avatar URL made from its name.
const character = () => ({
  name: 'Luna',
  description: 'An astronomer',
  appearance: 'Silver hair',
  personality: 'Curious',
  imageUrl: '',
});

const ENDPOINTS: Record<string, Endpoint> = {
  'POST /api/auth/nonce': withBody('/api/auth/nonce', (known) => ({ address: known.alice.address })),
  'POST /api/auth/login': withBody('/api/auth/login', (known) => ({
    address: known.alice.address,
    message: 'Sign in',
    signature: '1111',
  })),
  'GET /api/characters': withQuery('/api/characters', () => ({ search: 'Luna', limit: '2', cursor: '' })),
  'POST /api/characters': withBody('/api/characters', character),
  'GET /api/characters/:id': withId('GET', (id) => `/api/characters/${id}`),
  'PATCH /api/characters/:id': withId('PATCH', (id) => `/api/characters/${id}`, character),
  'DELETE /api/characters/:id': withId('DELETE', (id) => `/api/characters/${id}`),
  'GET /api/media': withQuery('/api/media', (known) => ({
    search: 'a',
    limit: '2',
    cursor: '',
    characterId: known.alice.characterId,
    type: 'image',
  })),
  'POST /api/media': withBody('/api/media', (known) => ({
    characterId: known.alice.characterId,
    type: 'image',
    prompt: 'a meadow',
    url: known.alice.fileUrl,
    thumbnail: '',
  })),
  'DELETE /api/media/:id': withId('DELETE', (id) => `/api/media/${id}`),
  'PATCH /api/media/:id': withId(
    'PATCH',
    (id) => `/api/media/${id}`,
    () => ({ favorite: true }),
  ),
  'PATCH /api/characters/:id (favorite)': withId(
    'PATCH',
    (id) => `/api/characters/${id}`,
    () => ({ favorite: true }),
  ),
  'GET /api/media (favourites, order)': withQuery('/api/media', () => ({
    favorite: 'true',
    sort: 'oldest',
    limit: '2',
    cursor: '',
  })),
  'GET /api/characters (favourites, order)': withQuery('/api/characters', () => ({
    favorite: 'false',
    sort: 'oldest',
    limit: '2',
    cursor: '',
  })),
  'POST /api/generate/prompt': withBody('/api/generate/prompt', () => ({ appearance: 'Silver hair' })),
  'POST /api/generate/image': withBody('/api/generate/image', () => ({ prompt: 'a meadow' })),
  'POST /api/generate/character': withBody('/api/generate/character', (known) => ({
    prompt: 'a meadow',
    subject: known.alice.fileUrl,
    number_of_outputs: 1,
  })),
  'POST /api/generations': withBody('/api/generations', (known) => ({
    kind: 'image',
    prompt: 'a meadow',
    characterId: known.alice.characterId,
    subject: known.alice.fileUrl,
    outputs: 1,
  })),
  'GET /api/generations': withQuery('/api/generations', () => ({ status: 'active', limit: '2', cursor: '' })),
  'GET /api/generations/:id': withId('GET', (id) => `/api/generations/${id}`),
  'POST /api/generations/:id/cancel': withId('POST', (id) => `/api/generations/${id}/cancel`),
  'POST /api/files (name)': (known, ids) =>
    queryFor({ name: 'picture.png' }, ids).map((query): Probe => ({
      method: 'POST',
      url: `/api/files?${query}`,
    })),
  'GET /api/files/:id': withId('GET', (id) => `/api/files/${id}`),
  'GET /api/files/:id/view': withId('GET', (id) => `/api/files/${id}/view`),
  'GET /api/files/:id/download': withId('GET', (id) => `/api/files/${id}/download`),
  'GET /api/files/:id/preview': (known, ids) =>
    fc
      .tuple(
        fc.oneof(fc.constant(known.alice.fileId), urlText(ids)),
        queryFor({ width: '20', height: '10', quality: '50', output: 'webp' }, ids),
      )
      .map(([id, query]): Probe => ({ method: 'GET', url: `/api/files/${id}/preview?${query}` })),
  'DELETE /api/files/:id': withId('DELETE', (id) => `/api/files/${id}`),
  'GET /api/avatars/shapes': withQuery('/api/avatars/shapes', () => ({ seed: 'Luna', size: '64' })),
};

describe(`fuzzing every endpoint a signed-in client reaches (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({
    // High enough that fuzzed requests reach validation rather than the rate limiter.
    AUTH_RATE_LIMIT_MAX: '100000',
    GENERATION_RATE_LIMIT_MAX: '100000',
    DEMO_DELAY_MS: '0',
    SHUTDOWN_GRACE_MS: '0',
  });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);
  let png: Buffer;
  let known: Known;
  let ids: string[];
  let bobBefore: unknown;

  const call = (who: SignedIn, probe: Probe) => {
    const body = probe.body;
    if (probe.url.startsWith('/api/files?')) {
      return ctx.app.inject({
        method: 'POST',
        url: probe.url,
        headers: { ...who.headers, 'content-type': 'application/octet-stream' },
        payload: png,
      });
    }
    if (body === undefined)
      return ctx.app.inject({ method: probe.method, url: probe.url, headers: who.headers });
    return ctx.app.inject({
      method: probe.method,
      url: probe.url,
      headers: { ...who.headers, 'content-type': 'application/json' },
      payload: 'raw' in body ? body.raw : JSON.stringify(body.json),
    });
  };

  const created = async <T>(who: SignedIn, probe: Probe) => {
    const res = await call(who, probe);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<T>();
  };

  /** Everything of bob's that alice's requests might reach. */
  const bobsRecords = async () => {
    const urls = [
      '/api/characters',
      '/api/media',
      '/api/media/stats',
      `/api/characters/${known.bob.characterId}`,
      `/api/files/${known.bob.fileId}`,
    ];
    return Promise.all(
      urls.map(async (url) => {
        const res = await ctx.app.inject({ method: 'GET', url, headers: bob.headers });
        return { url, status: res.statusCode, body: res.json<unknown>() };
      }),
    );
  };

  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3af' } })
      .png()
      .toBuffer();
    const seed = async (who: SignedIn) => {
      const file = await created<FileUpload>(who, { method: 'POST', url: '/api/files?name=seed.png' });
      const fileUrl = fileViewUrl(file.$id);
      const char = await created<Character>(who, {
        method: 'POST',
        url: '/api/characters',
        body: { json: { name: 'Seed', appearance: 'Short hair', imageUrl: fileUrl } },
      });
      const media = await created<Media>(who, {
        method: 'POST',
        url: '/api/media',
        body: { json: { characterId: char.$id, type: 'image', prompt: 'seed', url: fileUrl } },
      });
      return { characterId: char.$id, mediaId: media.$id, fileId: file.$id, fileUrl };
    };
    known = { alice: { ...(await seed(alice)), address: alice.wallet.address }, bob: await seed(bob) };
    ids = [...Object.values(known.alice), ...Object.values(known.bob)];
    bobBefore = await bobsRecords();
  });

  it.each(Object.entries(ENDPOINTS))('%s never answers a server error', async (name, endpoint) => {
    await fc.assert(
      fc.asyncProperty(endpoint(known, ids), async (probe) => {
        const res = await call(alice, probe);
        expect(
          res.statusCode,
          `${name}: ${probe.method} ${probe.url} -> ${res.body.slice(0, 300)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });

  it('is healthy afterwards, and left the other user’s records as they were', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    expect(await bobsRecords()).toEqual(bobBefore);
  });
});

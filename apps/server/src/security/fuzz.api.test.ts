import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Character, type FileUpload, type Media, fileViewUrl } from '@baegen/shared/contract';
import { TEST_DIALECT } from '../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../test/test-hooks';

/**
 * Property-based probing of every endpoint that reads a JSON body, a query string or a path id:
 * whatever a signed-in client sends, the answer is never a server error, the server stays
 * healthy and another user's records stay exactly as they were.
 */

/** Requests per endpoint: enough to reach each field with each kind of value, within ~20 s a database. */
const RUNS_PER_ENDPOINT = 30;

interface Known {
  alice: { characterId: string; mediaId: string; fileId: string; fileUrl: string; address: string };
  bob: { characterId: string; mediaId: string; fileId: string };
}

interface Probe {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  /** A JSON value to serialise, or raw text sent as application/json. */
  body?: { json: unknown } | { raw: string };
}

const oddUnits = [
  '\u0000',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ufffe',
  '\u202e',
  '\u200f',
  '%',
  '/',
  '\\',
  '"',
  '.',
  '?',
  '#',
  '&',
  '=',
];
/** One unit of text: any code point, with NUL, lone surrogates and URL syntax made common. */
const unit = fc.oneof(
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...oddUnits) },
);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '__proto__',
      'constructor',
      '../../etc/passwd',
      'a'.repeat(5000),
      '1e400',
      '-1',
      'NaN',
      'null',
      '0x10',
      '9'.repeat(400),
      'https://127.0.0.1/',
      '/api/files/x/view',
    ),
  },
);
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 64, -0, 0.5),
);
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Any value a JSON field may hold, `ids` among them so records of both users get named. */
const anyValue = (ids: string[]) =>
  fc.oneof(text, number, fc.constantFrom(...ids), fc.jsonValue({ stringUnit: unit, maxDepth: 3 }));

/**
 * The valid body with each field kept, dropped or replaced, and maybe a stray field added: mostly
 * kept, so that one odd field at a time gets past the others' checks to the code behind them.
 */
function around(template: Record<string, unknown>, ids: string[]) {
  const fields = Object.fromEntries(
    Object.entries(template).map(([key, valid]) => [
      key,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(valid) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: anyValue(ids) },
      ),
    ]),
  );
  return fc
    .tuple(fc.record(fields), fc.dictionary(text, anyValue(ids), { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** The valid body with exactly one field replaced by odd text. */
function oneOdd(template: Record<string, unknown>) {
  return fc
    .tuple(fc.constantFrom(...Object.keys(template)), fc.string({ unit, minLength: 1, maxLength: 12 }))
    .map(([key, odd]) => ({ ...template, [key]: `${String(template[key])}${odd}` }));
}

function bodyFor(template: Record<string, unknown>, ids: string[]): fc.Arbitrary<Probe['body']> {
  return fc.oneof(
    { weight: 3, arbitrary: oneOdd(template).map((json) => ({ json })) },
    { weight: 4, arbitrary: around(template, ids).map((json) => ({ json })) },
    { weight: 2, arbitrary: anyValue(ids).map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        text.map((raw) => ({ raw })),
        fc.constantFrom(200, 5000, 100_000).map((depth) => ({ raw: nested(depth) })),
      ),
    },
  );
}

const percentBytes = (bytes: Uint8Array) =>
  [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** Text as a URL carries it; text with a lone surrogate has no UTF-8, so it goes as stray bytes. */
function encode(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return percentBytes(Buffer.from(value));
  }
}

const urlText = (ids: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: text.map(encode) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 12 }).map(percentBytes) },
    { weight: 1, arbitrary: fc.constantFrom(...ids) },
  );

/** A query string: each known parameter valid, absent, odd or repeated, plus a stray one. */
function queryFor(valid: Record<string, string>, ids: string[]) {
  const params = Object.entries(valid).map(([name, value]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([`${name}=${encode(value)}`]) },
      { weight: 1, arbitrary: fc.constant([]) },
      { weight: 2, arbitrary: urlText(ids).map((odd) => [`${name}=${odd}`]) },
      {
        weight: 1,
        arbitrary: fc.tuple(urlText(ids), urlText(ids)).map(([a, b]) => [`${name}=${a}`, `${name}=${b}`]),
      },
    ),
  );
  const stray = fc.option(fc.tuple(urlText(ids), urlText(ids)).map(([name, value]) => `${name}=${value}`));
  return fc
    .tuple(fc.tuple(...params), stray)
    .map(([pairs, extra]) => [...pairs.flat(), ...(extra === null ? [] : [extra])].join('&'));
}

type Endpoint = (known: Known, ids: string[]) => fc.Arbitrary<Probe>;

const withId =
  (method: Probe['method'], path: (id: string) => string, body?: (known: Known) => Record<string, unknown>) =>
  (known: Known, ids: string[]) =>
    fc
      .tuple(urlText(ids), body ? bodyFor(body(known), ids) : fc.constant(undefined))
      .map(([id, payload]): Probe => ({ method, url: path(id), body: payload }));

const withBody =
  (url: string, body: (known: Known) => Record<string, unknown>) => (known: Known, ids: string[]) =>
    bodyFor(body(known), ids).map((payload): Probe => ({ method: 'POST', url, body: payload }));

const withQuery =
  (path: string, valid: (known: Known) => Record<string, string>) => (known: Known, ids: string[]) =>
    queryFor(valid(known), ids).map((query): Probe => ({ method: 'GET', url: `${path}?${query}` }));

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
